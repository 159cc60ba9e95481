import StreamshotGraphics

/// Lays out a GFM table: columns as wide as their content asks (`TableColumns`: a word, number or
/// id is never broken inside a cell), the first column at the table's start edge (right in RTL),
/// one Pango layout per cell in the cell's own base direction (decided by the client model:
/// "60 days" in an Arabic table reads left to right), set as the client decided for the cell,
/// rows as tall as their tallest cell. A table wider than the text column shows the part in view,
/// cut at the column's edges, with a fade on the side where it continues, as a phone's table
/// scrolls sideways. Rows laid out before are reused (`TableRowCache`): a streaming table lays
/// out the row that grows, not the table.
struct TableLayouter {
    let base: BlockLayouter

    /// Space above and below a cell's text.
    private var pad: Double { 6 * base.scale }
    /// Space beside it: half the gap between two columns' text, which grows with the text size
    /// (up to twice), so two cells side by side never read as one phrase.
    var sidePad: Double { 8 * min(base.theme.textScale, 2) * base.scale }

    func layout(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let direction = decision.direction
        let size = base.theme.bodySize * base.scale * 0.9
        let columnCount = max(1, block.rows.map(\.count).max() ?? 1)
        let measured = block.rows.map { row in (0..<columnCount).map { $0 < row.count ? row[$0] : StyledText("") } }
        let decisions = measured.indices.map { row in (0..<columnCount).map { decision.cell($0, row: row) } }
        // Rows the client holds while the columns open for them are measured, not shown.
        let cells = Array(measured.prefix(decision.tableSizing.shownRows ?? measured.count))
        let columns = try self.columns(
            measured, shownRows: cells.count, decisions: decisions, sizing: decision.tableSizing, size: size,
            monospaced: decision.monospaced, available: box.width)
        // Scrolled sideways by the reader: the table moves toward its start side, its end in view.
        let room = max(0, columns.total - box.width)
        let scrolled = min(decision.tableScroll, room)
        let geometry = self.geometry(columns, decision: decision, box: box, size: size, scrolled: scrolled)
        let stack = try stackRows(cells, decisions: decisions, of: block.id, geometry: geometry)
        let (pieces, top) = (stack.pieces, stack.height)
        var decorations = stack.decorations
        base.tableRows.keep(stack.rows, of: block.id, geometry: geometry)
        if geometry.overflows {
            // A fade on each side where the table continues: its end, and its start once scrolled.
            if scrolled < room - 0.5 { decorations.append(continuationFade(height: top, geometry: geometry, atEnd: true)) }
            if scrolled > 0.5 { decorations.append(continuationFade(height: top, geometry: geometry, atEnd: false)) }
        }
        let laidOut = LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: direction, alignment: decision.alignment, fontSize: size,
            linePitch: geometry.pitch, height: top, pieces: pieces, decorations: decorations,
            caret: stack.streamingCell.map {
                inView(
                    base.caret(in: pieces[$0.piece], size: size, direction: $0.direction, box: $0.box),
                    geometry: geometry)
            },
            text: cells.flatMap { $0.map(\.text) }.joined(separator: "\t"), cells: stack.cellBoxes,
            tableWidth: geometry.overflows ? columns.total : nil)
        (laidOut.tableScroll, laidOut.sidewaysRoom) = (geometry.overflows ? scrolled : 0, geometry.overflows ? room : 0)
        return laidOut
    }

    /// Where the columns sit: from the start edge (right in RTL), moved by the reader's sideways
    /// scroll toward the start side.
    private func geometry(_ columns: TableColumns, decision: BlockDecision, box: Box, size: Double, scrolled: Double) -> TableGeometry {
        let direction = decision.direction
        let font = base.font(direction: direction, size: size, bold: false, monospaced: decision.monospaced)
        return TableGeometry(
            columns: columns, startX: direction == .rtl ? box.x + box.width + scrolled : box.x - scrolled, window: box,
            direction: direction, size: size, pitch: base.pitch(decision.pitch, font), monospaced: decision.monospaced)
    }

    /// A table's rows laid out (or taken from the cache) and stacked from the top.
    private struct StackedRows {
        var rows: [LaidOutRow] = []
        var pieces: [TextPiece] = []
        var decorations: [Decoration] = []
        var cellBoxes: [CellBox] = []
        var height = 0.0
        /// The last cell with text so far, where text is arriving: the caret goes at its end.
        var streamingCell: (piece: Int, direction: WritingDirection, box: Box)?
    }

    private func stackRows(
        _ cells: [[StyledText]], decisions: [[CellDecision]], of blockId: Int,
        geometry: TableGeometry
    ) throws -> StackedRows {
        var stack = StackedRows()
        // Each cell's first character in the block's text (cells joined by tabs, row by row).
        var textBase = 0
        for rowIndex in cells.indices {
            let laidOut =
                try base.tableRows.row(rowIndex, of: blockId, geometry: geometry, cells: cells[rowIndex], decisions: decisions[rowIndex])
                ?? layoutRow(rowIndex, cells: cells[rowIndex], decisions: decisions[rowIndex], geometry: geometry)
            stack.rows.append(laidOut)
            if let filled = laidOut.lastFilled { stack.streamingCell = (stack.pieces.count + filled.column, filled.direction, filled.box) }
            let top = stack.height
            stack.pieces += laidOut.pieces.map { cell in
                var moved = cell.moved(down: top)
                moved.source?.base = textBase
                textBase += (cell.source?.text.unicodeScalars.count ?? 0) + 1
                return moved
            }
            stack.cellBoxes += laidOut.boxes.map {
                var moved = $0
                moved.y += top
                return moved
            }
            stack.decorations += rowDecorations(header: rowIndex == 0, top: top, height: laidOut.height, geometry: geometry)
            stack.height += laidOut.height
        }
        return stack
    }

    /// The caret kept in the table's window: typing in a column out of view, it stands at the
    /// window's edge on the side the text grows toward, where the fade says the table goes on.
    private func inView(_ caret: Decoration, geometry: TableGeometry) -> Decoration {
        guard geometry.overflows else { return caret }
        var kept = caret
        kept.x = min(max(caret.x, geometry.window.x), geometry.window.x + geometry.window.width - caret.width)
        return kept
    }

    /// What a cell needs (its longest token and its whole width, padding included), measured once.
    func need(_ cell: StyledText, decision: CellDecision, bold: Bool, size: Double, monospaced: Bool) throws -> TableColumns.Need {
        let key = TableRowCache.NeedKey(text: cell, bold: bold, direction: decision.direction, size: size, monospaced: monospaced)
        return try base.tableRows.need(key) {
            guard !cell.text.isEmpty else { return TableColumns.Need(least: 2 * sidePad, most: 2 * sidePad) }
            let font = base.font(direction: decision.direction, size: size, bold: bold, monospaced: monospaced)
            let styled = base.layoutText(cell)
            let formulas = base.formulas.formulas(of: cell, textSize: size, families: font.families, library: base.fonts)
            func widest(_ width: Double?) throws -> Double {
                try TextLayout(
                    library: base.fonts, text: styled.text, font: font, width: width, direction: decision.direction,
                    alignment: .left, spans: styled.spans, breaksWords: false, formulas: formulas
                ).lines.map(\.width).max() ?? 0
            }
            // Rounded up a pixel: the width measured must hold the same line when laid out again.
            return TableColumns.Need(least: (try widest(1)).rounded(.up) + 1 + 2 * sidePad, most: (try widest(nil)).rounded(.up) + 1 + 2 * sidePad)
        }
    }

    /// One row with its top at 0: each cell in its column's text box, on one baseline, the row
    /// as tall as its tallest cell.
    private func layoutRow(_ rowIndex: Int, cells rowCells: [StyledText], decisions: [CellDecision], geometry: TableGeometry) throws -> LaidOutRow {
        base.work?.countTableRow()
        var pieces: [TextPiece] = []
        var boxes: [CellBox] = []
        var lastFilled: (column: Int, direction: WritingDirection, box: Box)?
        for column in rowCells.indices {
            let cellX = geometry.cellX(column)
            let width = geometry.columns.widths[column]
            let textBox = Box(x: cellX + sidePad, width: width - 2 * sidePad)
            var piece = try cellPiece(
                rowCells[column], decision: decisions[column], bold: rowIndex == 0, monospaced: geometry.monospaced,
                size: geometry.size, pitch: geometry.pitch, box: textBox, top: pad, table: geometry.direction,
                widestColumn: geometry.window.width - 2 * sidePad)
            // Cut at the text column's edges: a wide table's columns out of view, and a word running
            // on past the last column while it opens.
            piece.visibleX = geometry.window.x..<(geometry.window.x + geometry.window.width)
            pieces.append(piece)
            if !piece.layout.text.isEmpty { lastFilled = (column, decisions[column].direction, textBox) }
            boxes.append(
                CellBox(
                    row: rowIndex, column: column, direction: decisions[column].direction, alignment: decisions[column].alignment,
                    x: cellX, y: 0, width: width, height: 0))
        }
        pieces = Self.onOneBaseline(pieces)
        let height = (pieces.map(\.height).max() ?? geometry.pitch) + 2 * pad
        for index in boxes.indices { boxes[index].height = height }
        return LaidOutRow(cells: rowCells, decisions: decisions, pieces: pieces, boxes: boxes, height: height, lastFilled: lastFilled)
    }

    /// The header's band and the rule under a row, across the part of the table in view.
    private func rowDecorations(header: Bool, top: Double, height: Double, geometry: TableGeometry) -> [Decoration] {
        let left = max(geometry.cellX(geometry.direction == .rtl ? geometry.columns.widths.count - 1 : 0), geometry.window.x)
        let right = min(left + geometry.columns.total, geometry.window.x + geometry.window.width)
        var decorations: [Decoration] = []
        if header { decorations.append(Decoration(x: left, y: top, width: right - left, height: height, radius: 0, color: .codeBackground)) }
        decorations.append(Decoration(x: left, y: top + height - base.scale / 2, width: right - left, height: base.scale, radius: 0, color: .rule))
        return decorations
    }

    /// The sign that a table continues past the column's edge: the page's colour fading in over
    /// the cells at its end side (the left in RTL) or, scrolled, its start side.
    private func continuationFade(height: Double, geometry: TableGeometry, atEnd: Bool) -> Decoration {
        let width = 28 * base.scale
        let window = geometry.window
        let atRight = (geometry.direction != .rtl) == atEnd
        return Decoration(
            x: atRight ? window.x + window.width - width : window.x, y: 0, width: width, height: height,
            radius: 0, color: .background, shape: .fade(fromLeft: atRight))
    }

    /// One cell's text laid out in its own direction and alignment, in its column's text box. A
    /// word wider than the box (one that arrived while its column is still opening) is not broken:
    /// the line is set from the table's start edge and runs on past the box's end side, over the
    /// padding and the cells after it, until the column has opened. Only a word wider than the
    /// widest a column's text can be (`TableColumns`' cap, the text column) is broken.
    private func cellPiece(
        _ cell: StyledText, decision: CellDecision, bold: Bool, monospaced: Bool, size: Double, pitch: Double,
        box: Box, top: Double, table: WritingDirection, widestColumn: Double
    ) throws -> TextPiece {
        let font = base.font(direction: decision.direction, size: size, bold: bold, monospaced: monospaced)
        let styled = base.layoutText(cell)
        let formulas = base.formulas.formulas(of: cell, textSize: size, families: font.families, library: base.fonts)
        func laidOut(_ alignment: LineAlignment, breaksWords: Bool) throws -> TextLayout {
            try TextLayout(
                library: base.fonts, text: styled.text, font: font, width: box.width, direction: decision.direction,
                alignment: alignment, justify: decision.alignment.justify, spans: styled.spans, palette: base.theme.spanPalette,
                breaksWords: breaksWords, formulas: formulas)
        }
        var layout = try laidOut(decision.alignment.lines, breaksWords: false)
        if let widest = layout.lines.map(\.width).max(), widest > box.width + 0.5 {
            layout =
                widest > widestColumn + 0.5
                ? try laidOut(decision.alignment.lines, breaksWords: true)
                : try laidOut(table == .rtl ? .right : .left, breaksWords: false)
        }
        var piece = base.piece(layout, x: box.x, top: top, pitch: pitch, font: font, color: .text, isContent: true)
        piece.source = base.source(of: cell, base: 0)
        return piece
    }

    /// A row's cells with their first lines on one baseline, the lowest of them: an Arabic and
    /// a Latin cell side by side would otherwise sit on their own fonts' baselines, apart.
    private static func onOneBaseline(_ row: [TextPiece]) -> [TextPiece] {
        guard let baseline = row.map(\.baselineOffset).max() else { return row }
        return row.map { piece in
            var moved = TextPiece(
                layout: piece.layout, x: piece.x, top: piece.top, pitch: piece.pitch, baselineOffset: baseline,
                color: piece.color, isContent: piece.isContent)
            moved.visibleX = piece.visibleX
            moved.lineClips = piece.lineClips
            moved.source = piece.source
            return moved
        }
    }
}
