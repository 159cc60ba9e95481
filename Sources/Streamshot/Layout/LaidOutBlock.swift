import StreamshotGraphics

/// A line's logical box in pixels: x and width in frame coordinates, y and baseline from the
/// top of its block (the renderer adds the block's position on the frame).
public struct LineBox: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var baseline: Double
}

/// Which theme colour a piece is painted with.
enum ColorRole: Sendable {
    case text, secondaryText, codeBackground, rule, accent, error, background, tint
}

/// A run of lines from one Pango layout, placed on a uniform pitch.
struct TextPiece {
    let layout: TextLayout
    /// The layout's left edge on the frame.
    let x: Double
    /// Top of the first line's box, from the block top.
    let top: Double
    let pitch: Double
    /// From a line box's top to its baseline.
    let baselineOffset: Double
    let color: ColorRole
    /// Whether its lines are content (listed in the manifest) or decoration such as a list marker.
    let isContent: Bool

    func lineTop(_ index: Int) -> Double { top + Double(index) * pitch }
    var height: Double { Double(layout.lines.count) * pitch }
}

/// A filled rectangle behind or beside the text (code background, quote bar, rules).
struct Decoration {
    /// What is drawn in the box.
    enum Shape {
        case roundedRect
        /// A check mark stroked across the box (a checked task item).
        case checkMark
    }

    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var radius: Double
    var color: ColorRole
    var shape = Shape.roundedRect
}

/// One block laid out: its pieces of text and decorations relative to the block's top, and
/// the numbers the manifest reports. Finished blocks keep theirs for the rest of the render.
final class LaidOutBlock {
    let blockId: Int
    let kind: BlockKind
    let direction: WritingDirection
    let alignment: ResolvedAlignment
    let fontSize: Double
    let linePitch: Double
    let height: Double
    let pieces: [TextPiece]
    let decorations: [Decoration]
    /// Where the caret goes while this block is the one streaming: at the logical end of its text.
    let caret: Decoration?
    /// The block's content as laid out (after inline Markdown), for the manifest.
    let text: String

    init(blockId: Int, kind: BlockKind, direction: WritingDirection, alignment: ResolvedAlignment, fontSize: Double,
         linePitch: Double, height: Double, pieces: [TextPiece], decorations: [Decoration], caret: Decoration?, text: String) {
        self.blockId = blockId
        self.kind = kind
        self.direction = direction
        self.alignment = alignment
        self.fontSize = fontSize
        self.linePitch = linePitch
        self.height = height
        self.pieces = pieces
        self.decorations = decorations
        self.caret = caret
        self.text = text
    }

    /// Every content line's box, top to bottom (tables: row by row, in column order).
    lazy var lines: [LineBox] = pieces.filter(\.isContent).flatMap { piece in
        piece.layout.lines.indices.map { index in
            let line = piece.layout.lines[index]
            return LineBox(x: piece.x + line.x, y: piece.lineTop(index), width: line.width,
                           height: piece.pitch, baseline: piece.lineTop(index) + piece.baselineOffset)
        }
    }

    /// The highest and lowest inked pixel of any line, from the block top.
    lazy var inkExtent: (top: Double, bottom: Double) = {
        var top = Double.infinity
        var bottom = -Double.infinity
        for piece in pieces {
            for (index, line) in piece.layout.lines.enumerated() where line.inkTop != line.inkBottom {
                let baseline = piece.lineTop(index) + piece.baselineOffset
                top = min(top, baseline + line.inkTop)
                bottom = max(bottom, baseline + line.inkBottom)
            }
        }
        // No ink (an empty block, a rule): the box itself.
        return top <= bottom ? (top, bottom) : (0, height)
    }()
}
