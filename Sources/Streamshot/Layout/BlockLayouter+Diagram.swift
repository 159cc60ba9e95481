import StreamshotDiagram
import StreamshotGraphics

extension BlockLayouter {
    /// A closed mermaid flowchart drawn as GitHub draws it: its nodes (boxes, rounded boxes,
    /// diamonds, circles) in the theme's code background, outlined, with their labels in the
    /// text's fonts (Hebrew and Arabic labels read right to left), laid out by Graphviz's `dot`
    /// in the chart's direction, centred; edges with their arrowheads and labels. Wider than
    /// the column, the whole is set again smaller to fit, as GitHub scales its diagrams.
    /// - Returns: nil when the block is not a flowchart this reads (it stays code).
    func layoutDiagram(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock? {
        guard FlowchartParser.isFlowchart(block.content.text), let chart = try? FlowchartParser.parse(block.content.text),
            !chart.nodes.isEmpty, chart.nodes.count <= Self.maximumNodes, chart.edges.count <= 2 * Self.maximumNodes
        else { return nil }
        var size = theme.bodySize * scale * 0.9
        var drawn = try diagram(chart, size: size, box: box)
        if drawn.width > box.width {
            size *= box.width / drawn.width
            drawn = try diagram(chart, size: size, box: box)
        }
        return LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: .ltr, alignment: decision.alignment, fontSize: size,
            linePitch: size * Self.labelPitch, height: drawn.height, pieces: drawn.labels, decorations: drawn.decorations,
            caret: nil, text: block.content.text)
    }

    /// A flowchart with more nodes than this stays code: Graphviz's time grows much faster than
    /// the graph, and no phone shows such a diagram legibly.
    static let maximumNodes = 150

    /// Label lines are this many times their size apart.
    static let labelPitch = 1.4

    private struct DrawnDiagram {
        var width: Double
        var height: Double
        var labels: [TextPiece]
        var decorations: [Decoration]
    }

    private func diagram(_ chart: Flowchart, size: Double, box: Box) throws -> DrawnDiagram {
        let nodeLabels = try chart.nodes.map { try label($0.label, size: size) }
        let edgeLabels = try chart.edges.map { edge in try edge.label.map { try label($0, size: size) } }
        let pad = 0.8 * size
        let nodeSizes = zip(chart.nodes, nodeLabels).map { node, label -> DiagramGraph.Size in
            switch node.shape {
            case .diamond: return .init(width: 1.5 * label.width + 2 * pad, height: 1.5 * label.height + 1.5 * pad)
            case .circle:
                let side = max(label.width, label.height) + 2 * pad
                return .init(width: side, height: side)
            default: return .init(width: label.width + 2 * pad, height: label.height + pad)
            }
        }
        let labelSizes = edgeLabels.map { $0.map { DiagramGraph.Size(width: $0.width + 0.6 * size, height: $0.height + 0.3 * size) } }
        let graph = DiagramGraph(chart: chart, nodeSizes: nodeSizes, labelSizes: labelSizes, spacing: 1.4 * size)
        let placed = try GraphvizLayout.layout(dot: graph.dot)
        let margin = 0.5 * size
        let left = box.x + max(0, (box.width - placed.width) / 2)
        var shapes = DiagramShapes(left: left, top: margin, scale: scale)
        var labels: [TextPiece] = []
        for (index, node) in chart.nodes.enumerated() {
            guard let centre = placed.nodes[DiagramGraph.nodeName(index)] else { continue }
            shapes.node(node.shape, centre: centre, size: nodeSizes[index], textSize: size)
            labels.append(piece(nodeLabels[index], centre: centre, left: left, top: margin, size: size))
        }
        shapes.edges(chart.edges, placed: placed.edges, labelled: labelSizes.map { $0 != nil })
        for (index, label) in edgeLabels.enumerated() {
            guard let label, let centre = placed.nodes[DiagramGraph.labelName(index)], let labelSize = labelSizes[index] else { continue }
            shapes.labelBackground(centre: centre, size: labelSize)
            labels.append(piece(label, centre: centre, left: left, top: margin, size: size))
        }
        return DrawnDiagram(width: placed.width, height: placed.height + 2 * margin, labels: labels, decorations: shapes.decorations)
    }

    /// A label's lines, each centred, in the fonts of its own direction.
    private func label(_ text: String, size: Double) throws -> (layout: TextLayout, width: Double, height: Double) {
        let direction: WritingDirection = text.unicodeScalars.contains { (0x590...0x8FF).contains($0.value) } ? .rtl : .ltr
        let font = self.font(direction: direction, size: size, bold: false)
        let measured = try TextLayout(library: fonts, text: text, font: font, width: nil, direction: direction, alignment: .left)
        let width = (measured.lines.map(\.width).max() ?? 0).rounded(.up) + 1
        let layout = try TextLayout(library: fonts, text: text, font: font, width: width, direction: direction, alignment: .center)
        return (layout, width, Double(layout.lines.count) * size * Self.labelPitch)
    }

    private func piece(
        _ label: (layout: TextLayout, width: Double, height: Double), centre: (x: Double, y: Double), left: Double, top: Double, size: Double
    )
        -> TextPiece
    {
        let font = self.font(direction: label.layout.lines.first?.direction ?? .ltr, size: size, bold: false)
        return piece(
            label.layout, x: left + centre.x - label.width / 2, top: top + centre.y - label.height / 2, pitch: size * Self.labelPitch,
            font: font, color: .text, isContent: true)
    }
}
