/// What a table row's layout depends on besides its own cells: the table's geometry and type.
struct TableGeometry: Equatable {
    let columns: Int
    let columnWidth: Double
    let boxX: Double
    let direction: WritingDirection
    let size: Double
    let pitch: Double
    let monospaced: Bool
}

/// One table row laid out with its top at 0, and what it was made from.
struct LaidOutRow {
    let cells: [StyledText]
    let decisions: [CellDecision]
    let pieces: [TextPiece]
    let boxes: [CellBox]
    let height: Double
    /// The row's last cell with text and its text box: the caret goes at its end while it streams.
    let lastFilled: (column: Int, direction: WritingDirection, box: Box)?

    func made(from cells: [StyledText], decisions: [CellDecision]) -> Bool {
        self.cells == cells && self.decisions == decisions
    }
}

/// Each table's rows as last laid out, by block id: a frame in which a row arrives or grows lays
/// out that row only, and a finished table is never laid out again (a 100-row table streamed
/// costs its rows once each, not its whole self on every frame).
final class TableRowCache {
    private var tables: [Int: (geometry: TableGeometry, rows: [LaidOutRow])] = [:]

    /// Row `index` of table `blockId` as laid out before, when it was made from the same cells,
    /// decisions and geometry.
    func row(_ index: Int, of blockId: Int, geometry: TableGeometry, cells: [StyledText], decisions: [CellDecision]) -> LaidOutRow? {
        guard let table = tables[blockId], table.geometry == geometry, index < table.rows.count,
              table.rows[index].made(from: cells, decisions: decisions) else { return nil }
        return table.rows[index]
    }

    /// The table's rows as now laid out (replacing what was kept for it).
    func keep(_ rows: [LaidOutRow], of blockId: Int, geometry: TableGeometry) {
        tables[blockId] = (geometry, rows)
    }
}

extension TextPiece {
    /// The same piece `dy` pixels lower.
    func moved(down dy: Double) -> TextPiece {
        var piece = TextPiece(layout: layout, x: x, top: top + dy, pitch: pitch, baselineOffset: baselineOffset, color: color, isContent: isContent)
        piece.visibleX = visibleX
        piece.lineShifts = lineShifts
        return piece
    }
}
