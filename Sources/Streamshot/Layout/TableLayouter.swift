import StreamshotGraphics

/// Lays out a GFM table: equal-width columns, the first column at the table's start edge
/// (right in RTL), one Pango layout per cell in the cell's own base direction (decided by the
/// client model: "60 days" in an Arabic table reads left to right), set as the client decided
/// for the cell, rows as tall as their tallest cell. Rows laid out before are reused
/// (`TableRowCache`): a streaming table lays out the row that grows, not the table.
struct TableLayouter {
    let base: BlockLayouter

    func layout(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let direction = decision.direction
        let size = base.theme.bodySize * base.scale * 0.9
        let columns = max(1, block.rows.map(\.count).max() ?? 1)
        let geometry = TableGeometry(columns: columns, columnWidth: box.width / Double(columns), boxX: box.x, direction: direction, size: size,
                                     pitch: base.pitch(decision.pitch, base.font(direction: direction, size: size, bold: false, monospaced: decision.monospaced)),
                                     monospaced: decision.monospaced)
        var rows: [LaidOutRow] = []
        var pieces: [TextPiece] = []
        var decorations: [Decoration] = []
        var cells: [CellBox] = []
        var texts: [String] = []
        var top = 0.0
        /// The last cell with text so far, where text is arriving: the caret goes at its end.
        var streamingCell: (piece: Int, direction: WritingDirection, box: Box)?
        for (rowIndex, row) in block.rows.enumerated() {
            let rowCells = (0..<columns).map { $0 < row.count ? row[$0] : StyledText("") }
            let decisions = (0..<columns).map { Self.decision(ofCell: $0, row: rowIndex, table: decision) }
            let laidOut = try base.tableRows.row(rowIndex, of: block.id, geometry: geometry, cells: rowCells, decisions: decisions)
                ?? layoutRow(rowIndex, cells: rowCells, decisions: decisions, geometry: geometry)
            rows.append(laidOut)
            texts += rowCells.map(\.text)
            if let filled = laidOut.lastFilled {
                streamingCell = (pieces.count + filled.column, filled.direction, Box(x: filled.box.x, width: filled.box.width))
            }
            pieces += laidOut.pieces.map { $0.moved(down: top) }
            cells += laidOut.boxes.map { var moved = $0; moved.y += top; return moved }
            if rowIndex == 0 {
                decorations.append(Decoration(x: box.x, y: top, width: box.width, height: laidOut.height, radius: 0, color: .codeBackground))
            }
            top += laidOut.height
            decorations.append(Decoration(x: box.x, y: top - base.scale / 2, width: box.width, height: base.scale, radius: 0, color: .rule))
        }
        base.tableRows.keep(rows, of: block.id, geometry: geometry)
        return LaidOutBlock(blockId: block.id, kind: block.kind, direction: direction, alignment: decision.alignment, fontSize: size,
                            linePitch: geometry.pitch, height: top, pieces: pieces, decorations: decorations,
                            caret: streamingCell.map { base.caret(in: pieces[$0.piece], size: size, direction: $0.direction, box: $0.box) },
                            text: texts.joined(separator: "\t"), cells: cells)
    }

    /// One row with its top at 0: each cell in its column's text box, on one baseline, the row
    /// as tall as its tallest cell.
    private func layoutRow(_ rowIndex: Int, cells rowCells: [StyledText], decisions: [CellDecision], geometry: TableGeometry) throws -> LaidOutRow {
        base.work?.countTableRow()
        let pad = 6 * base.scale
        var pieces: [TextPiece] = []
        var boxes: [CellBox] = []
        var lastFilled: (column: Int, direction: WritingDirection, box: Box)?
        for column in 0..<geometry.columns {
            let slot = geometry.direction == .rtl ? geometry.columns - 1 - column : column
            let cellX = geometry.boxX + Double(slot) * geometry.columnWidth
            let textBox = Box(x: cellX + pad, width: geometry.columnWidth - 2 * pad)
            let piece = try cellPiece(rowCells[column], decision: decisions[column], bold: rowIndex == 0, monospaced: geometry.monospaced,
                                      size: geometry.size, pitch: geometry.pitch, box: textBox, top: pad)
            pieces.append(piece)
            if !piece.layout.text.isEmpty { lastFilled = (column, decisions[column].direction, textBox) }
            boxes.append(CellBox(row: rowIndex, column: column, direction: decisions[column].direction, alignment: decisions[column].alignment,
                                 x: cellX, y: 0, width: geometry.columnWidth, height: 0))
        }
        pieces = Self.onOneBaseline(pieces)
        let height = (pieces.map(\.height).max() ?? geometry.pitch) + 2 * pad
        for index in boxes.indices { boxes[index].height = height }
        return LaidOutRow(cells: rowCells, decisions: decisions, pieces: pieces, boxes: boxes, height: height, lastFilled: lastFilled)
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
