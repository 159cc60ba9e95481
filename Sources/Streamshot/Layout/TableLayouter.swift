import StreamshotGraphics

/// Lays out a GFM table: equal-width columns, the first column at the table's start edge
/// (right in RTL), one Pango layout per cell in the cell's own base direction (decided by the
/// client model: "60 days" in an Arabic table reads left to right), set against the column's
/// alignment or the table's, rows as tall as their tallest cell.
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
        var cells: [CellBox] = []
        /// The last cell with text so far, where text is arriving: the caret goes at its end.
        var streamingCell: (piece: TextPiece, size: Double, direction: WritingDirection, box: Box)?
        for (rowIndex, row) in block.rows.enumerated() {
            let isHeader = rowIndex == 0
            var rowPieces: [TextPiece] = []
            for column in 0..<columns {
                let cell = column < row.count ? row[column] : StyledText("")
                texts.append(cell.text)
                let cellDirection = Self.direction(ofCell: column, row: rowIndex, decision: decision)
                let cellFont = base.font(direction: cellDirection, size: size, bold: isHeader)
                let cellAlignment = column < block.columnAlignments.count
                    ? block.columnAlignments[column].map(Self.lineAlignment) ?? alignment.lines.lineAlignment
                    : alignment.lines.lineAlignment
                let styled = base.layoutText(cell)
                let layout = try TextLayout(library: base.fonts, text: styled.text, font: cellFont, width: columnWidth - 2 * pad,
                                            direction: cellDirection.textDirection, alignment: cellAlignment, spans: styled.spans,
                                            palette: base.theme.spanPalette)
                let slot = direction == .rtl ? columns - 1 - column : column
                let x = box.x + Double(slot) * columnWidth + pad
                let piece = base.piece(layout, x: x, top: top + pad, pitch: pitch, font: cellFont, color: .text, isContent: true)
                rowPieces.append(piece)
                if !styled.text.isEmpty { streamingCell = (piece, size, cellDirection, Box(x: x, width: columnWidth - 2 * pad)) }
                cells.append(CellBox(row: rowIndex, column: column, direction: cellDirection, x: box.x + Double(slot) * columnWidth,
                                     y: top, width: columnWidth, height: 0))
            }
            let rowHeight = (rowPieces.map(\.height).max() ?? pitch) + 2 * pad
            if isHeader {
                decorations.append(Decoration(x: box.x, y: top, width: box.width, height: rowHeight, radius: 0, color: .codeBackground))
            }
            pieces += rowPieces
            for index in (cells.count - columns)..<cells.count { cells[index].height = rowHeight }
            top += rowHeight
            decorations.append(Decoration(x: box.x, y: top - scale / 2, width: box.width, height: scale, radius: 0, color: .rule))
        }
        return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction, alignment: alignment, fontSize: size,
                            linePitch: pitch, height: top, pieces: pieces, decorations: decorations,
                            caret: streamingCell.map { base.caret(in: $0.piece, size: $0.size, direction: $0.direction, box: $0.box) },
                            text: texts.joined(separator: "\t"), cells: cells)
    }

    /// The client model's direction for a cell; the table's for a cell it has not decided.
    private static func direction(ofCell column: Int, row: Int, decision: BlockDecision) -> WritingDirection {
        guard row < decision.cellDirections.count, column < decision.cellDirections[row].count else { return decision.direction }
        return decision.cellDirections[row][column]
    }

    private static func lineAlignment(_ column: ColumnAlignment) -> LineAlignment {
        switch column {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        }
    }
}
