/// What a table row's layout depends on besides its own cells: the table's geometry and type.
struct TableGeometry: Equatable {
    let columns: TableColumns
    /// The table's start edge on the frame (its left in LTR, its right in RTL), its scroll applied.
    let startX: Double
    /// The text column's band: a table wider than it shows this much of itself.
    let window: Box
    let direction: WritingDirection
    let size: Double
    let pitch: Double
    let monospaced: Bool

    /// Column `column`'s left edge on the frame: the first column at the start edge.
    func cellX(_ column: Int) -> Double {
        let before = columns.widths[..<column].reduce(0, +)
        return direction == .rtl ? startX - before - columns.widths[column] : startX + before
    }

    /// Whether the table is wider than its window (it scrolls sideways).
    var overflows: Bool { columns.total > window.width + 0.5 }

    static func == (a: TableGeometry, b: TableGeometry) -> Bool {
        a.columns == b.columns && a.startX == b.startX && a.window.x == b.window.x && a.window.width == b.window.width
            && a.direction == b.direction && a.size == b.size && a.pitch == b.pitch && a.monospaced == b.monospaced
    }
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
    /// What each cell text needs, measured once (a table's widths are worked out on every frame).
    private var needs: [NeedKey: TableColumns.Need] = [:]

    struct NeedKey: Hashable {
        let text: StyledText
        let bold: Bool
        let direction: WritingDirection
        let size: Double
        let monospaced: Bool
    }

    /// The need measured before for `key`, or `measure`'s, kept.
    func need(_ key: NeedKey, measure: () throws -> TableColumns.Need) rethrows -> TableColumns.Need {
        if let known = needs[key] { return known }
        let need = try measure()
        needs[key] = need
        return need
    }

    /// Row `index` of table `blockId` as laid out before, when it was made from the same cells,
    /// decisions and geometry.
    func row(_ index: Int, of blockId: Int, geometry: TableGeometry, cells: [StyledText], decisions: [CellDecision]) -> LaidOutRow? {
        guard let table = tables[blockId], table.geometry == geometry, index < table.rows.count,
            table.rows[index].made(from: cells, decisions: decisions)
        else { return nil }
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
        piece.lineClips = lineClips
        piece.lineShifts = lineShifts
        piece.source = source
        return piece
    }
}
