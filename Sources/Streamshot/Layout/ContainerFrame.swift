import StreamshotGraphics

/// What a block's containers do to it, outermost first, from the block's start edge (the right
/// in RTL): a block quote draws a bar and indents; a list item indents and, on the item's first
/// block, puts its marker (number, bullet or checkbox) in the indent, on the first line.
struct ContainerFrame {
    let containers: [BlockContainer]
    let direction: WritingDirection
    /// The client's list markers, one per container (`BlockDecision.markers`).
    let markers: [String?]
    /// The size its list markers are set at, in pixels: the body's (the footnotes' smaller).
    let markerSize: Double
    let layouter: BlockLayouter
    /// The block's box inside every indent.
    let box: Box
    /// Each container's start offset from the content's start edge, in pixels.
    private let offsets: [Double]
    /// How many of the containers indent (the rest are deeper than the column can indent).
    let indentedLevels: Int
    /// The least of the content column a nested block's text keeps.
    static let minTextShare = 0.5

    static let quoteIndentPt = 14.0
    static let listIndentPt = 26.0
    static let barWidthPt = 3.0
    /// A list item's indent in pixels: it holds the marker, so it grows with the text size, up to
    /// twice its own (a "1." at AX5 fits; at 3x, nested items on a small phone would keep half
    /// the line, one word a line). A wider marker hangs out of it, as browsers let it.
    private var listIndent: Double { Self.listIndent(layouter) }
    private static func listIndent(_ layouter: BlockLayouter) -> Double {
        listIndentPt * min(layouter.theme.textScale, maxIndentGrowth) * layouter.scale
    }
    static let maxIndentGrowth = 2.0

    init(_ containers: [BlockContainer], direction: WritingDirection, markers: [String?], markerSize: Double, layouter: BlockLayouter) {
        self.containers = containers
        self.direction = direction
        self.markers = markers
        self.markerSize = markerSize
        self.layouter = layouter
        var offset = 0.0
        var offsets: [Double] = []
        var indented = 0
        // Indents stop where they would leave the text less than its share of the column: a
        // deeper container stands where the last indented one does, and its text stays in the frame.
        let maxIndent = layouter.contentWidth * (1 - Self.minTextShare)
        var lastIndented = 0.0
        for container in containers {
            let step = container.kind == .blockQuote ? Self.quoteIndentPt * layouter.scale : Self.listIndent(layouter)
            if offset + step <= maxIndent {
                offsets.append(offset)
                lastIndented = offset
                offset += step
                indented += 1
            } else {
                // Its bar or marker goes where the deepest indented container's does.
                offsets.append(lastIndented)
            }
        }
        self.offsets = offsets
        indentedLevels = indented
        let width = max(layouter.contentWidth - offset, 40 * layouter.scale)
        box = Box(
            x: direction == .rtl ? layouter.margin + layouter.contentWidth - offset - width : layouter.margin + offset,
            width: width)
    }

    /// `leaf` with its containers' bars and markers added.
    func dress(_ leaf: LaidOutBlock, gapAbove: Double) throws -> LaidOutBlock {
        guard !containers.isEmpty else { return leaf }
        var decorations = leaf.decorations
        var pieces = leaf.pieces
        var markerBox: MarkerBox?
        var bars: [Box] = []
        for (index, container) in containers.enumerated() {
            switch container.kind {
            case .blockQuote:
                let bar = bar(
                    at: offsets[index], height: leaf.height, bridging: container.startsHere ? 0 : gapAbove,
                    color: container.alert.map(ColorRole.alert) ?? .rule)
                decorations.append(bar)
                bars.append(Box(x: bar.x, width: bar.width))
            case .listItem(_, _, let checked, _) where container.startsHere:
                if let checked {
                    let box = checkbox(at: offsets[index], checked: checked, leaf: leaf)
                    decorations += box
                    markerBox = MarkerBox(x: box[0].x, width: box[0].width, side: startSide)
                } else {
                    guard let label = markers.indices.contains(index) ? markers[index] : nil else { continue }
                    let piece = try marker(label, at: offsets[index], leaf: leaf)
                    pieces.append(piece)
                    let line = piece.layout.lines.first
                    markerBox = MarkerBox(x: piece.x + (line?.x ?? 0), width: line?.width ?? 0, side: startSide)
                }
            case .listItem:
                break
            }
        }
        let framed = LaidOutBlock(
            blockId: leaf.blockId, kind: leaf.kind, direction: leaf.direction, alignment: leaf.alignment,
            fontSize: leaf.fontSize, linePitch: leaf.linePitch, height: leaf.height, pieces: pieces,
            decorations: decorations, caret: leaf.caret, text: leaf.text, marker: markerBox ?? leaf.marker,
            cells: leaf.cells, unindentedLevels: containers.count - indentedLevels, tableWidth: leaf.tableWidth,
            quoteBars: bars)
        (framed.tableScroll, framed.sidewaysRoom) = (leaf.tableScroll, leaf.sidewaysRoom)
        (framed.pictures, framed.innerRoom, framed.hiddenLines) = (leaf.pictures, leaf.innerRoom, leaf.hiddenLines)
        return framed
    }

    /// The side markers and bars stand on: the start edge of the containers' direction.
    private var startSide: LineAlignment { direction == .rtl ? .right : .left }

    /// The x of a band `offset` pixels in from the start edge, `width` wide.
    private func x(offset: Double, width: Double) -> Double {
        direction == .rtl ? layouter.margin + layouter.contentWidth - offset - width : layouter.margin + offset
    }

    private func bar(at offset: Double, height: Double, bridging gap: Double, color: ColorRole) -> Decoration {
        let width = Self.barWidthPt * layouter.scale
        // Square ends, so the bars of a quote's blocks join into one.
        return Decoration(
            x: x(offset: offset, width: width), y: -gap, width: width, height: height + gap,
            radius: 0, color: color)
    }

    /// The marker in the item's indent, set against the text on the block's first baseline, in
    /// the list's direction (an RTL "12." reads with its period on the left). A wide marker
    /// ("10.", "viii.") hangs out of the indent rather than wrapping, as browsers let it.
    private func marker(_ text: String, at offset: Double, leaf: LaidOutBlock) throws -> TextPiece {
        let scale = layouter.scale
        let gap = 6 * layouter.theme.textScale * scale
        let font = layouter.font(direction: direction, size: markerSize, bold: false)
        let layout = try TextLayout(
            library: layouter.fonts, text: text, font: font, width: nil,
            direction: direction, alignment: .left)
        let width = layout.lines.first?.width ?? 0
        // The text's start edge inside this container's indent, on the frame.
        let textStart = x(offset: offset + listIndent, width: 0)
        let first = leaf.pieces.first(where: \.isContent)
        let pitch = first?.pitch ?? leaf.linePitch
        let ownBaseline = layouter.piece(layout, x: 0, top: 0, pitch: pitch, font: font, color: .secondaryText, isContent: false).baselineOffset
        return TextPiece(
            layout: layout, x: direction == .rtl ? textStart + gap : textStart - gap - width, top: first?.top ?? 0,
            pitch: pitch, baselineOffset: first?.baselineOffset ?? ownBaseline, color: .secondaryText, isContent: false)
    }

    /// A task item's box: an outline, filled when checked.
    private func checkbox(at offset: Double, checked: Bool, leaf: LaidOutBlock) -> [Decoration] {
        let scale = layouter.scale
        let side = 14 * layouter.theme.textScale * scale
        let (top, pitch) = firstLine(of: leaf)
        let y = top + (pitch - side) / 2
        let boxX = x(offset: offset + (listIndent - side) / 2, width: side)
        // An empty box's edge in the theme's grey (3.3:1 on white, 6.4:1 on black): a control must
        // stand out at 3:1 (WCAG 1.4.11); the rule colour was 1.5:1.
        let outer = Decoration(x: boxX, y: y, width: side, height: side, radius: 3 * scale, color: checked ? .tint : .accent)
        guard !checked else {
            return [outer, Decoration(x: boxX, y: y, width: side, height: side, radius: 0, color: .background, shape: .checkMark)]
        }
        let inner = Decoration(
            x: boxX + 1.5 * scale, y: y + 1.5 * scale, width: side - 3 * scale, height: side - 3 * scale,
            radius: 2 * scale, color: .background)
        return [outer, inner]
    }

    /// The top and pitch of the leaf's first text line (a code block's is inside its padding).
    private func firstLine(of leaf: LaidOutBlock) -> (top: Double, pitch: Double) {
        guard let first = leaf.pieces.first(where: \.isContent) else { return (0, leaf.linePitch) }
        return (first.top, first.pitch)
    }
}
