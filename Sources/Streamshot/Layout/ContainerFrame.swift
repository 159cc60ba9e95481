import StreamshotGraphics

/// What a block's containers do to it, outermost first, from the block's start edge (the right
/// in RTL): a block quote draws a bar and indents; a list item indents and, on the item's first
/// block, puts its marker (number, bullet or checkbox) in the indent, on the first line.
struct ContainerFrame {
    let containers: [BlockContainer]
    let direction: WritingDirection
    let layouter: BlockLayouter
    /// The block's box inside every indent.
    let box: Box
    /// Each container's start offset from the content's start edge, in pixels.
    private let offsets: [Double]

    static let quoteIndentPt = 14.0
    static let listIndentPt = 26.0
    static let barWidthPt = 3.0

    init(_ containers: [BlockContainer], direction: WritingDirection, layouter: BlockLayouter) {
        self.containers = containers
        self.direction = direction
        self.layouter = layouter
        var offset = 0.0
        var offsets: [Double] = []
        for container in containers {
            offsets.append(offset)
            offset += (container.kind == .blockQuote ? Self.quoteIndentPt : Self.listIndentPt) * layouter.scale
        }
        self.offsets = offsets
        let width = max(layouter.contentWidth - offset, 40 * layouter.scale)
        box = Box(x: direction == .rtl ? layouter.margin + layouter.contentWidth - offset - width : layouter.margin + offset,
                  width: width)
    }

    /// `leaf` with its containers' bars and markers added.
    func dress(_ leaf: LaidOutBlock, gapAbove: Double) throws -> LaidOutBlock {
        guard !containers.isEmpty else { return leaf }
        var decorations = leaf.decorations
        var pieces = leaf.pieces
        for (index, container) in containers.enumerated() {
            switch container.kind {
            case .blockQuote:
                decorations.append(bar(at: offsets[index], height: leaf.height, bridging: container.startsHere ? 0 : gapAbove))
            case .listItem(let number, _, let checked, _) where container.startsHere:
                if let checked {
                    decorations += checkbox(at: offsets[index], checked: checked, leaf: leaf)
                } else {
                    pieces.append(try marker(number.map { "\($0)." } ?? Self.bullet(depth: container.depth), at: offsets[index], leaf: leaf))
                }
            case .listItem:
                break
            }
        }
        return LaidOutBlock(blockId: leaf.blockId, kind: leaf.kind, direction: leaf.direction, alignment: leaf.alignment,
                            fontSize: leaf.fontSize, linePitch: leaf.linePitch, height: leaf.height, pieces: pieces,
                            decorations: decorations, caret: leaf.caret, text: leaf.text)
    }

    /// GitHub's bullets by nesting depth: disc, circle, square.
    static func bullet(depth: Int) -> String { ["•", "◦", "▪"][depth % 3] }

    /// The x of a band `offset` pixels in from the start edge, `width` wide.
    private func x(offset: Double, width: Double) -> Double {
        direction == .rtl ? layouter.margin + layouter.contentWidth - offset - width : layouter.margin + offset
    }

    private func bar(at offset: Double, height: Double, bridging gap: Double) -> Decoration {
        let width = Self.barWidthPt * layouter.scale
        // Square ends, so the bars of a quote's blocks join into one.
        return Decoration(x: x(offset: offset, width: width), y: -gap, width: width, height: height + gap,
                          radius: 0, color: .rule)
    }

    /// The marker in the item's indent, set against the text, on the block's first line.
    private func marker(_ text: String, at offset: Double, leaf: LaidOutBlock) throws -> TextPiece {
        let scale = layouter.scale
        let gap = 6 * scale
        let width = Self.listIndentPt * scale - gap
        let font = layouter.font(direction: direction, size: layouter.theme.bodySize * scale, bold: false)
        let layout = try TextLayout(library: layouter.fonts, text: text, font: font, width: width,
                                    direction: direction.textDirection, alignment: direction == .rtl ? .left : .right)
        let (top, pitch) = firstLine(of: leaf)
        let piece = layouter.piece(layout, x: x(offset: offset, width: width + gap) + (direction == .rtl ? gap : 0),
                                   top: top, pitch: pitch, font: font, color: .accent, isContent: false)
        return piece
    }

    /// A task item's box: an outline, filled when checked.
    private func checkbox(at offset: Double, checked: Bool, leaf: LaidOutBlock) -> [Decoration] {
        let scale = layouter.scale
        let side = 14 * scale
        let (top, pitch) = firstLine(of: leaf)
        let y = top + (pitch - side) / 2
        let boxX = x(offset: offset + (Self.listIndentPt * scale - side) / 2, width: side)
        let outer = Decoration(x: boxX, y: y, width: side, height: side, radius: 3 * scale, color: checked ? .tint : .rule)
        guard !checked else {
            return [outer, Decoration(x: boxX, y: y, width: side, height: side, radius: 0, color: .background, shape: .checkMark)]
        }
        let inner = Decoration(x: boxX + 1.5 * scale, y: y + 1.5 * scale, width: side - 3 * scale, height: side - 3 * scale,
                               radius: 2 * scale, color: .background)
        return [outer, inner]
    }

    /// The top and pitch of the leaf's first text line (a code block's is inside its padding).
    private func firstLine(of leaf: LaidOutBlock) -> (top: Double, pitch: Double) {
        guard let first = leaf.pieces.first(where: \.isContent) else { return (0, leaf.linePitch) }
        return (first.top, first.pitch)
    }
}
