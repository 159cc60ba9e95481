import StreamshotDiagram

/// A flowchart as Graphviz is given it: one DOT node per chart node at the size its label needs
/// (in points, which are our pixels), and one small node per edge label, which the edge passes
/// through (so the label sits on its edge, as mermaid draws it).
struct DiagramGraph {
    struct Size {
        var width: Double
        var height: Double
    }

    let chart: Flowchart
    /// Each chart node's box, by its index.
    let nodeSizes: [Size]
    /// Each edge's label box, by the edge's index (nil: no label).
    let labelSizes: [Size?]
    /// Between nodes side by side and between ranks, in pixels.
    let spacing: Double

    static func nodeName(_ index: Int) -> String { "n\(index)" }
    static func labelName(_ index: Int) -> String { "l\(index)" }

    var dot: String {
        let rank: String
        switch chart.direction {
        case .topDown: rank = "TB"
        case .bottomUp: rank = "BT"
        case .leftRight: rank = "LR"
        case .rightLeft: rank = "RL"
        }
        func inches(_ pixels: Double) -> String { String(format: "%.4f", pixels / 72) }
        var lines = [
            "digraph G {", "rankdir=\(rank); nodesep=\(inches(spacing)); ranksep=\(inches(spacing)); splines=true;",
            "node [fixedsize=true, label=\"\"]; edge [arrowsize=0.7];"
        ]
        for (index, node) in chart.nodes.enumerated() {
            let size = nodeSizes[index]
            let shape = node.shape == .diamond ? "diamond" : node.shape == .circle ? "circle" : "box"
            lines.append("\(Self.nodeName(index)) [shape=\(shape), width=\(inches(size.width)), height=\(inches(size.height))];")
        }
        let index = Dictionary(chart.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (number, edge) in chart.edges.enumerated() {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            let head = edge.arrow ? "" : " [arrowhead=none]"
            if let label = labelSizes[number] {
                let name = Self.labelName(number)
                lines.append("\(name) [shape=box, width=\(inches(label.width)), height=\(inches(label.height))];")
                lines.append("\(Self.nodeName(from)) -> \(name) [arrowhead=none];")
                lines.append("\(name) -> \(Self.nodeName(to))\(head);")
            } else {
                lines.append("\(Self.nodeName(from)) -> \(Self.nodeName(to))\(head);")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Points along a Graphviz spline (cubic Bézier segments sharing their ends), eight a segment.
    static func flatten(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard points.count >= 4 else { return points }
        var result = [points[0]]
        var start = 0
        while start + 3 < points.count {
            let (p0, p1, p2, p3) = (points[start], points[start + 1], points[start + 2], points[start + 3])
            for step in 1...8 {
                let t = Double(step) / 8
                let u = 1 - t
                let x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
                let y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
                result.append((x, y))
            }
            start += 3
        }
        return result
    }
}
