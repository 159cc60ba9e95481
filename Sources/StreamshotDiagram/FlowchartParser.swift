import Foundation

/// Reads mermaid's flowchart syntax (`graph` / `flowchart` with TD, TB, BT, LR or RL): nodes with
/// their shapes and labels, chains of edges with their strokes, arrows and labels (`-->`, `---`,
/// `-.->`, `==>`, `-->|label|`, `-- label -->`), `%%` comments. Styling lines (`classDef`,
/// `style`, `class`, `linkStyle`, `click`) and `subgraph`/`end` are passed over; their nodes and
/// edges are kept. Anything else is an error naming its line: the block is then shown as code.
public enum FlowchartParser {
    public struct Failure: Error, Equatable, Sendable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Whether `source`'s first line declares a flowchart (other diagram kinds stay code).
    public static func isFlowchart(_ source: String) -> Bool {
        let first = source.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("%%") }
        let word = first?.split(separator: " ").first.map(String.init) ?? ""
        return word == "graph" || word == "flowchart"
    }

    public static func parse(_ source: String) throws(Failure) -> Flowchart {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated().map { ($0 + 1, $1) }
        lines = lines.filter { !$0.1.trimmed.isEmpty && !$0.1.trimmed.hasPrefix("%%") }
        guard let (headerLine, header) = lines.first else { throw Failure(line: 1, message: "no diagram") }
        let words = header.trimmed.split(separator: " ").map(String.init)
        guard words.first == "graph" || words.first == "flowchart" else { throw Failure(line: headerLine, message: "not a flowchart") }
        let direction: Flowchart.Direction
        switch words.count > 1 ? words[1].uppercased() : "TD" {
        case "TD", "TB": direction = .topDown
        case "BT": direction = .bottomUp
        case "LR": direction = .leftRight
        case "RL": direction = .rightLeft
        default: throw Failure(line: headerLine, message: "unknown direction \(words[1])")
        }
        var chart = Flowchart(direction: direction, nodes: [], edges: [])
        for (number, line) in lines.dropFirst() {
            for statement in line.split(separator: ";").map({ String($0).trimmed }) where !statement.isEmpty {
                let first = statement.split(separator: " ").first.map(String.init) ?? ""
                if ["classDef", "style", "class", "linkStyle", "click", "subgraph", "end", "direction"].contains(first) { continue }
                var reader = StatementReader(scalars: Array(statement.unicodeScalars), line: number)
                try reader.read(into: &chart)
            }
        }
        return chart
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
