import StreamshotDiagram
import StreamshotGraphics

/// A diagram's drawing as decorations, from Graphviz's layout: node shapes filled in the code
/// background and outlined, edges as lines with arrowheads, a background under each edge label.
struct DiagramShapes {
    /// Where Graphviz's origin lands: the diagram's left on the frame, its top in the block.
    let left: Double
    let top: Double
    let scale: Double
    private(set) var decorations: [Decoration] = []

    init(left: Double, top: Double, scale: Double) {
        self.left = left
        self.top = top
        self.scale = scale
    }

    private var line: Double { 1.2 * scale }

    mutating func node(_ shape: Flowchart.Shape, centre: (x: Double, y: Double), size: DiagramGraph.Size, textSize: Double) {
        let (x, y) = (left + centre.x - size.width / 2, top + centre.y - size.height / 2)
        switch shape {
        case .diamond:
            decorations.append(Decoration(x: x, y: y, width: size.width, height: size.height, radius: 0, color: .codeBackground, shape: .diamond))
            decorations.append(
                Decoration(
                    x: x, y: y, width: size.width, height: size.height, radius: 0, color: .secondaryText, shape: .diamondOutline(lineWidth: line)))
        default:
            let radius: Double
            switch shape {
            case .box: radius = 2 * scale
            case .rounded: radius = 0.4 * textSize
            default: radius = min(size.width, size.height) / 2
            }
            decorations.append(Decoration(x: x, y: y, width: size.width, height: size.height, radius: radius, color: .codeBackground))
            decorations.append(
                Decoration(
                    x: x, y: y, width: size.width, height: size.height, radius: radius, color: .secondaryText, shape: .outline(lineWidth: line)))
        }
    }

    /// Each chart edge's line or lines (a labelled edge is two in Graphviz's layout, through its
    /// label), the arrowhead on the last.
    mutating func edges(_ edges: [Flowchart.Edge], placed: [(points: [(x: Double, y: Double)], tip: (x: Double, y: Double)?)], labelled: [Bool]) {
        var next = 0
        for (index, edge) in edges.enumerated() {
            let parts = labelled[index] ? 2 : 1
            guard next + parts <= placed.count else { return }
            for part in 0..<parts {
                let spline = placed[next + part]
                var points = DiagramGraph.flatten(spline.points).map { Decoration.Point(x: left + $0.x, y: top + $0.y) }
                let width = edge.stroke == .thick ? 2.5 * line : line
                if let tip = spline.tip, let last = points.last {
                    let end = Decoration.Point(x: left + tip.x, y: top + tip.y)
                    arrowhead(from: last, to: end, size: 4 * width + 4 * scale)
                    points.append(end)
                }
                add(.path(points, lineWidth: width, dashed: edge.stroke == .dotted), around: points)
            }
            next += parts
        }
    }

    mutating func labelBackground(centre: (x: Double, y: Double), size: DiagramGraph.Size) {
        decorations.append(
            Decoration(
                x: left + centre.x - size.width / 2, y: top + centre.y - size.height / 2, width: size.width, height: size.height,
                radius: 2 * scale, color: .background))
    }

    private mutating func arrowhead(from: Decoration.Point, to tip: Decoration.Point, size: Double) {
        let (dx, dy) = (tip.x - from.x, tip.y - from.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 0.001)
        let (ux, uy) = (dx / length, dy / length)
        let base = Decoration.Point(x: tip.x - ux * size, y: tip.y - uy * size)
        let corners = [
            tip, Decoration.Point(x: base.x - uy * size / 2, y: base.y + ux * size / 2),
            Decoration.Point(x: base.x + uy * size / 2, y: base.y - ux * size / 2)
        ]
        add(.polygon(corners), around: corners)
    }

    /// A decoration whose box holds `points` (damage and the block's extent read the box).
    private mutating func add(_ shape: Decoration.Shape, around points: [Decoration.Point]) {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
        decorations.append(Decoration(x: minX, y: minY, width: maxX - minX, height: maxY - minY, radius: 0, color: .secondaryText, shape: shape))
    }
}
