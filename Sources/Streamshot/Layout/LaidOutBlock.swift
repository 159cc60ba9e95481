import StreamshotGraphics

/// A line's logical box in pixels: x and width in frame coordinates, y and baseline from the
/// top of its block (the renderer adds the block's position on the frame).
public struct LineBox: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var baseline: Double
    /// The characters it shows: Unicode scalar offsets into the block's text (nil for a line of
    /// a piece with no recorded source).
    public var text: Range<Int>? = nil
    /// Its highest and lowest inked pixel, from the top of its block (nil: no ink, as on an
    /// empty or all-space line).
    public var inkTop: Double? = nil
    public var inkBottom: Double? = nil
    /// Wholly outside the band its piece shows in (a column of a wide table scrolled out of view):
    /// drawn nowhere on this frame.
    public var outOfView = false
}

/// Which theme colour a piece is painted with.
enum ColorRole: Sendable {
    case text, secondaryText, codeBackground, rule, accent, error, background, tint
    /// A chat bubble's fill.
    case bubble
    /// A GitHub alert's bar.
    case alert(Alert)
    /// The client's own colour (a trace's `textColor`), whatever the theme.
    case custom(Color)
}

extension Theme {
    /// The theme's colour for `role`.
    func color(_ role: ColorRole) -> Color {
        switch role {
        case .text: return text
        case .secondaryText: return secondaryText
        case .codeBackground: return codeBackground
        case .rule: return rule
        case .accent: return accent
        case .error: return error
        case .background: return background
        case .tint: return caret
        case .bubble: return bubble
        case .alert(let alert): return alerts.color(alert)
        case .custom(let color): return color
        }
    }
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
    /// The frame's horizontal band it shows in, when its lines may run past it (code, which never wraps).
    var visibleX: Range<Double>? = nil
    /// Each line's own band within `visibleX` (empty: `visibleX` for every line): narrower where
    /// the band's edge would cut a word's first letters off (`TextLayout.cutKeepingWordStarts`).
    var lineClips: [Range<Double>] = []
    /// How far each line is moved from where the layout set it (empty: none): a streaming block
    /// set at its start edge has its complete lines moved to their decided alignment.
    var lineShifts: [Double] = []
    /// Where its text comes from in the block's text (content pieces).
    var source: PieceSource? = nil

    /// The band line `index` shows in (nil: all of it).
    func visibleX(ofLine index: Int) -> Range<Double>? { index < lineClips.count ? lineClips[index] : visibleX }

    /// Where line `index`'s layout is drawn from: the piece's x plus the line's shift.
    func layoutX(ofLine index: Int) -> Double { x + (index < lineShifts.count ? lineShifts[index] : 0) }

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
        /// The shape's colour fading in from transparent at its left (or right) edge.
        case fade(fromLeft: Bool)
        /// The shape's colour fading in from transparent at its top (or bottom) edge: over lines
        /// a box cuts at its bottom (or top), where it scrolls on.
        case verticalFade(fromTop: Bool)
        /// A GitHub alert's icon, in the box's square, before its title.
        case alertIcon(Alert)
        /// The box's outline, `lineWidth` wide, its corners rounded by the radius.
        case outline(lineWidth: Double)
        /// A diamond in the box, filled.
        case diamond
        /// A diamond's outline.
        case diamondOutline(lineWidth: Double)
        /// A line through `points` (from the block's top), dashed or not.
        case path([Point], lineWidth: Double, dashed: Bool)
        /// A filled polygon through `points` (an arrowhead).
        case polygon([Point])
    }

    /// A point from the frame's left and the block's top, in pixels.
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var radius: Double
    var color: ColorRole
    var shape = Shape.roundedRect

    var isFade: Bool {
        switch shape {
        case .fade, .verticalFade: return true
        default: return false
        }
    }
}

/// Where a list item's marker (number, bullet or checkbox) sits on the frame, in pixels.
struct MarkerBox: Equatable {
    var x: Double
    var width: Double
    /// The side of the item's text it stands on.
    var side: LineAlignment
}

/// A table cell's box, from the block top, and the base direction of its text.
struct CellBox: Equatable {
    var row: Int
    var column: Int
    var direction: WritingDirection
    var alignment: ResolvedAlignment
    var x: Double
    var y: Double
    var width: Double
    var height: Double
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
    /// A list item's first block: its marker.
    let marker: MarkerBox?
    /// A table's cells, row by row.
    let cells: [CellBox]
    /// Containers (quotes, list items) nested past what the column can indent: not indented.
    let unindentedLevels: Int
    /// A table wider than its column: its whole width in pixels, and how far it is scrolled
    /// sideways from its start edge (the frame shows that much further in).
    let tableWidth: Double?
    var tableScroll = 0.0
    /// How far it could scroll sideways: its width less the column's.
    var sidewaysRoom = 0.0
    /// The bars of the quotes it sits in, outermost first (x and width on the frame).
    let quoteBars: [Box]
    /// Its formulas that could not be read (shown as written), for the `math-error` warning.
    var formulaErrors: [FormulaError] = []
    /// A picture block's pictures.
    var pictures: [PlacedPicture] = []
    /// Where something drawn over the block in its room is (a tool card's box, from its top):
    /// its ink, for a block with no lines or pictures of its own.
    var drawnRoom: ClosedRange<Double>?
    /// A box of some of its lines (`LineWindow`): how far it can scroll inside itself, in pixels,
    /// and how many lines it leaves out above and below those it shows.
    var innerRoom = 0.0
    var hiddenLines: (above: Int, below: Int)?

    init(
        blockId: Int, kind: BlockKind, direction: WritingDirection, alignment: ResolvedAlignment, fontSize: Double,
        linePitch: Double, height: Double, pieces: [TextPiece], decorations: [Decoration], caret: Decoration?, text: String,
        marker: MarkerBox? = nil, cells: [CellBox] = [], unindentedLevels: Int = 0, tableWidth: Double? = nil,
        quoteBars: [Box] = []
    ) {
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
        self.marker = marker
        self.cells = cells
        self.unindentedLevels = unindentedLevels
        self.tableWidth = tableWidth
        self.quoteBars = quoteBars
    }

    /// The characters no bundled font covers (`missingCharacters(of:)`): read once, as every
    /// frame that shows the block asks.
    lazy var missingCharacters: [Unicode.Scalar] = Self.missingCharacters(of: pieces)

    /// A table's column count (0 for any other block), for the manifest: read once per layout,
    /// not on every frame that records the table.
    lazy var columnCount: Int = (cells.map(\.column).max() ?? -1) + 1

    /// Every content line's box, top to bottom (tables: row by row, in column order), with the
    /// characters it shows and its ink.
    lazy var lines: [LineBox] = pieces.filter(\.isContent).flatMap { piece in
        let layoutLines = piece.layout.lines
        let texts = piece.source?.scalarRanges(ofLayoutBytes: layoutLines.map { $0.startByte..<($0.startByte + $0.byteCount) })
        return layoutLines.indices.map { index in
            let line = layoutLines[index]
            var left = piece.layoutX(ofLine: index) + line.x
            var right = left + line.width
            var outOfView = false
            if let visible = piece.visibleX(ofLine: index) {
                outOfView =
                    left == right
                    ? !(visible.lowerBound...visible.upperBound).contains(left)
                    : right <= visible.lowerBound || left >= visible.upperBound
                // What shows of a line that runs past its box.
                left = min(max(left, visible.lowerBound), visible.upperBound)
                right = min(max(right, visible.lowerBound), visible.upperBound)
            }
            let baseline = piece.lineTop(index) + piece.baselineOffset
            let inked = line.inkTop != line.inkBottom
            return LineBox(
                x: left, y: piece.lineTop(index), width: right - left, height: piece.pitch, baseline: baseline,
                text: texts?[index], inkTop: inked ? baseline + line.inkTop : nil,
                inkBottom: inked ? baseline + line.inkBottom : nil, outOfView: outOfView)
        }
    }

    /// From the block's top, the highest and lowest pixel its decorations and lines may touch
    /// (ink or line box, whichever reaches further): the rows a frame's damage looks at.
    lazy var paintExtent: (top: Double, bottom: Double) = {
        var (top, bottom) = (0.0, height)
        for decoration in decorations {
            top = min(top, decoration.y)
            bottom = max(bottom, decoration.y + decoration.height)
        }
        for piece in pieces {
            for index in piece.layout.lines.indices {
                let reach = piece.verticalReach(ofLine: index)
                (top, bottom) = (min(top, reach.top), max(bottom, reach.bottom))
            }
        }
        return (top, bottom)
    }()

    /// The highest and lowest inked pixel of any line or picture, from the block top.
    lazy var inkExtent: (top: Double, bottom: Double) = {
        var top = drawnRoom?.lowerBound ?? pictures.map(\.y).min() ?? Double.infinity
        var bottom = drawnRoom?.upperBound ?? pictures.map { $0.y + $0.height }.max() ?? -Double.infinity
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
