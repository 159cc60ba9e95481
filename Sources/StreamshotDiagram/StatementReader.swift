/// One flowchart statement: a node, then edges each followed by a node (`A --> B -->|x| C`).
struct StatementReader {
    let scalars: [Unicode.Scalar]
    let line: Int
    var index = 0

    init(scalars: [Unicode.Scalar], line: Int) {
        self.scalars = scalars
        self.line = line
    }

    mutating func read(into chart: inout Flowchart) throws(FlowchartParser.Failure) {
        var from = try node(into: &chart)
        while true {
            skipSpaces()
            guard index < scalars.count else { return }
            let edge = try self.edge()
            skipSpaces()
            let to = try node(into: &chart)
            chart.edges.append(Flowchart.Edge(from: from, to: to, label: edge.label, stroke: edge.stroke, arrow: edge.arrow))
            from = to
        }
    }

    private func fail(_ message: String) -> FlowchartParser.Failure { FlowchartParser.Failure(line: line, message: message) }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    /// A node reference (`A`, `A[text]`…), added to the chart where first seen. - Returns: its id.
    private mutating func node(into chart: inout Flowchart) throws(FlowchartParser.Failure) -> String {
        let start = index
        while index < scalars.count, Self.isIDCharacter(scalars[index]), !startsEdge() { index += 1 }
        guard index > start else { throw fail("a node was expected at column \(index + 1)") }
        let id = String(String.UnicodeScalarView(scalars[start..<index]))
        var shaped: (label: String, shape: Flowchart.Shape)?
        if index < scalars.count, let opener = Self.openers.first(where: { matches($0.open) }) {
            index += opener.open.unicodeScalars.count
            guard let end = find(opener.close) else { throw fail("\(opener.open) is never closed") }
            shaped = (Self.label(scalars[index..<end]), opener.shape)
            index = end + opener.close.unicodeScalars.count
        }
        if let existing = chart.nodes.firstIndex(where: { $0.id == id }) {
            if let shaped { chart.nodes[existing] = Flowchart.Node(id: id, label: shaped.label, shape: shaped.shape) }
        } else {
            chart.nodes.append(Flowchart.Node(id: id, label: shaped?.label ?? id, shape: shaped?.shape ?? .box))
        }
        return id
    }

    /// An edge operator, with its label if it has one.
    private mutating func edge() throws(FlowchartParser.Failure) -> (label: String?, stroke: Flowchart.Stroke, arrow: Bool) {
        for (text, stroke, arrow) in Self.operators where matches(text) {
            index += text.unicodeScalars.count
            skipSpaces()
            var label: String?
            if index < scalars.count, scalars[index] == "|" {
                guard let end = scalars[(index + 1)...].firstIndex(of: "|") else { throw fail("an edge label's | is never closed") }
                label = Self.label(scalars[(index + 1)..<end])
                index = end + 1
            }
            return (label, stroke, arrow)
        }
        // `-- text -->`, `-. text .->`, `== text ==>`: the label between the two halves.
        for (open, closers, stroke) in Self.labelledOperators where matches(open) {
            index += open.unicodeScalars.count
            for (close, arrow) in closers {
                if let end = find(close) {
                    let label = Self.label(scalars[index..<end])
                    index = end + close.unicodeScalars.count
                    return (label, stroke, arrow)
                }
            }
            throw fail("an edge's label is never ended")
        }
        throw fail("an edge was expected at column \(index + 1)")
    }

    private func matches(_ text: String) -> Bool {
        let pattern = Array(text.unicodeScalars)
        return index + pattern.count <= scalars.count && Array(scalars[index..<(index + pattern.count)]) == pattern
    }

    private func find(_ text: String) -> Int? {
        let pattern = Array(text.unicodeScalars)
        guard scalars.count >= pattern.count else { return nil }
        return (index...(scalars.count - pattern.count)).first { Array(scalars[$0..<($0 + pattern.count)]) == pattern }
    }

    private func startsEdge() -> Bool {
        (scalars[index] == "-" || scalars[index] == "=") && index + 1 < scalars.count
            && (scalars[index + 1] == "-" || scalars[index + 1] == "=" || scalars[index + 1] == "." || scalars[index + 1] == ">")
    }

    private static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    /// A label's text: quotes around it dropped, `<br>` a line break.
    private static func label(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        var text = String(String.UnicodeScalarView(slice)).trimmed
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        for tag in ["<br>", "<br/>", "<br />"] { text = text.replacingOccurrences(of: tag, with: "\n") }
        return text
    }

    /// Longest first, so `((` is read before `(`.
    private static let openers: [(open: String, close: String, shape: Flowchart.Shape)] = [
        ("((", "))", .circle), ("([", "])", .stadium), ("[[", "]]", .box), ("[(", ")]", .box), ("{{", "}}", .box),
        ("[", "]", .box), ("(", ")", .rounded), ("{", "}", .diamond), (">", "]", .box)
    ]

    private static let operators: [(String, Flowchart.Stroke, Bool)] = [
        ("-.->", .dotted, true), ("-.-", .dotted, false), ("==>", .thick, true), ("===", .thick, false),
        ("-->", .solid, true), ("---", .solid, false)
    ]

    private static let labelledOperators: [(String, [(String, Bool)], Flowchart.Stroke)] = [
        ("-.", [(".->", true), (".-", false)], .dotted), ("==", [("==>", true), ("===", false)], .thick),
        ("--", [("-->", true), ("---", false)], .solid)
    ]
}
