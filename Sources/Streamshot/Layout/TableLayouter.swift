import StreamshotGraphics

/// Lays out a GFM table: equal-width columns, the first column at the block's start edge
/// (right in RTL), one Pango layout per cell, rows as tall as their tallest cell.
struct TableLayouter {
    let base: BlockLayouter

    func layout(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let direction = decision.direction
        let alignment = decision.alignment
        let decided = decision.pitch
        let scale = base.scale
        let size = base.theme.bodySize * scale * 0.9
        let pitch = base.pitch(decided, base.font(direction: direction, size: size, bold: false))
        let pad = 6 * scale
        let columns = max(1, block.rows.map(\.count).max() ?? 1)
        let columnWidth = box.width / Double(columns)
        var pieces: [TextPiece] = []
        var decorations: [Decoration] = []
        var top = 0.0
        var texts: [String] = []
        for (rowIndex, row) in block.rows.enumerated() {
            let isHeader = rowIndex == 0
            let cellFont = base.font(direction: direction, size: size, bold: isHeader)
            var rowPieces: [TextPiece] = []
            for column in 0..<columns {
                let cell = column < row.count ? row[column] : StyledText("")
                texts.append(cell.text)
                let cellAlignment = column < block.columnAlignments.count
                    ? block.columnAlignments[column].map(Self.lineAlignment) ?? alignment.lines.lineAlignment
                    : alignment.lines.lineAlignment
                let layout = try TextLayout(library: base.fonts, text: cell.text, font: cellFont, width: columnWidth - 2 * pad,
                                            direction: direction.textDirection, alignment: cellAlignment, spans: cell.spans)
                let slot = direction == .rtl ? columns - 1 - column : column
                let x = box.x + Double(slot) * columnWidth + pad
                rowPieces.append(base.piece(layout, x: x, top: top + pad, pitch: pitch, font: cellFont, color: .text, isContent: true))
            }
            let rowHeight = (rowPieces.map(\.height).max() ?? pitch) + 2 * pad
            if isHeader {
                decorations.append(Decoration(x: box.x, y: top, width: box.width, height: rowHeight, radius: 0, color: .codeBackground))
            }
            pieces += rowPieces
            top += rowHeight
            decorations.append(Decoration(x: box.x, y: top - scale / 2, width: box.width, height: scale, radius: 0, color: .rule))
        }
        return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction, alignment: alignment, fontSize: size,
                            linePitch: pitch, height: top, pieces: pieces, decorations: decorations, caret: nil,
                            text: texts.joined(separator: "\t"))
    }

    private static func lineAlignment(_ column: ColumnAlignment) -> LineAlignment {
        switch column {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }
}
