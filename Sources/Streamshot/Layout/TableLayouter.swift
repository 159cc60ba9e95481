import StreamshotGraphics

/// Lays out a GFM table: equal-width columns, the first column at the table's start edge
/// (right in RTL), one Pango layout per cell in the cell's own base direction (decided by the
/// client model: "60 days" in an Arabic table reads left to right), set as the client decided
/// for the cell, rows as tall as their tallest cell.
struct TableLayouter {
    let base: BlockLayouter

    func layout(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let direction = decision.direction
        let alignment = decision.alignment
        let decided = decision.pitch
        let scale = base.scale
        let size = base.theme.bodySize * scale * 0.9
        let pitch = base.pitch(decided, base.font(direction: direction, size: size, bold: false, monospaced: decision.monospaced))
        let pad = 6 * scale
        let columns = max(1, block.rows.map(\.count).max() ?? 1)
        let columnWidth = box.width / Double(columns)
        var pieces: [TextPiece] = []
        var decorations: [Decoration] = []
        var top = 0.0
        var texts: [String] = []
        var cells: [CellBox] = []
        /// The last cell with text so far, where text is arriving: the caret goes at its end.
        var streamingCell: (piece: Int, direction: WritingDirection, box: Box)?
        for (rowIndex, row) in block.rows.enumerated() {
            let isHeader = rowIndex == 0
            var rowPieces: [TextPiece] = []
            for column in 0..<columns {
                let cell = column < row.count ? row[column] : StyledText("")
                texts.append(cell.text)
                let cellDecision = Self.decision(ofCell: column, row: rowIndex, table: decision)
                let cellDirection = cellDecision.direction
                let slot = direction == .rtl ? columns - 1 - column : column
                let textBox = Box(x: box.x + Double(slot) * columnWidth + pad, width: columnWidth - 2 * pad)
                let piece = try cellPiece(cell, decision: cellDecision, bold: isHeader, monospaced: decision.monospaced, size: size, pitch: pitch,
                                          box: textBox, top: top + pad)
                rowPieces.append(piece)
                if !piece.layout.text.isEmpty { streamingCell = (pieces.count + column, cellDirection, textBox) }
                cells.append(CellBox(row: rowIndex, column: column, direction: cellDirection, alignment: cellDecision.alignment, x: box.x + Double(slot) * columnWidth,
                                     y: top, width: columnWidth, height: 0))
            }
            rowPieces = Self.onOneBaseline(rowPieces)
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
                            caret: streamingCell.map { base.caret(in: pieces[$0.piece], size: size, direction: $0.direction, box: $0.box) },
                            text: texts.joined(separator: "\t"), cells: cells)
    }

    /// One cell's text laid out in its own direction and alignment, in its column's text box.
    private func cellPiece(_ cell: StyledText, decision: CellDecision, bold: Bool, monospaced: Bool, size: Double, pitch: Double,
                           box: Box, top: Double) throws -> TextPiece {
        let font = base.font(direction: decision.direction, size: size, bold: bold, monospaced: monospaced)
        let styled = base.layoutText(cell)
        let layout = try TextLayout(library: base.fonts, text: styled.text, font: font, width: box.width,
                                    direction: decision.direction.textDirection, alignment: decision.alignment.lines.lineAlignment,
                                    justify: decision.alignment.justify, spans: styled.spans, palette: base.theme.spanPalette)
        return base.piece(layout, x: box.x, top: top, pitch: pitch, font: font, color: .text, isContent: true)
    }

    /// A row's cells with their first lines on one baseline, the lowest of them: an Arabic and
    /// a Latin cell side by side would otherwise sit on their own fonts' baselines, apart.
    private static func onOneBaseline(_ row: [TextPiece]) -> [TextPiece] {
        guard let baseline = row.map(\.baselineOffset).max() else { return row }
        return row.map { piece in
            TextPiece(layout: piece.layout, x: piece.x, top: piece.top, pitch: piece.pitch, baselineOffset: baseline,
                      color: piece.color, isContent: piece.isContent)
        }
    }

    /// The client model's decision for a cell; the table's for a cell it has not decided.
    private static func decision(ofCell column: Int, row: Int, table: BlockDecision) -> CellDecision {
        guard row < table.cells.count, column < table.cells[row].count else {
            return CellDecision(direction: table.direction, alignment: table.alignment)
        }
        return table.cells[row][column]
    }
}
