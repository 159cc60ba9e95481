import StreamshotManifest

/// One table column's move from one frame to the next, in the table's own frame: its edges
/// `(start x, end x)` before and after.
struct Motion {
    /// What words forced on this frame: the column's own widening, and the widening of the
    /// columns before it (which pushes its start edge along by as much).
    struct Room {
        var own: Double
        var before: Double
    }

    let from: (Double, Double)
    let to: (Double, Double)
    let rtl: Bool
    let room: Room

    /// How far it moved that no word forced: narrowing, widening past what its own word needs,
    /// its start edge coming back toward the table's start, or pushed away from it further than
    /// the columns before it were forced wider.
    var unforced: Double {
        let change = (to.1 - to.0) - (from.1 - from.0)
        // Positive: the start edge (the right one in RTL) moved toward the table's start.
        let back = rtl ? to.1 - from.1 : from.0 - to.0
        return max(0, -change) + max(0, change - room.own) + max(0, back) + max(0, -back - room.before)
    }
}

/// How much each column of a table widened on a frame because a word needed it: the column
/// holds a line with no space in it that could not fit the column's width before, padding
/// included. Such a column widens at once in any client that never cuts a word, and the
/// columns after it are pushed along.
enum ForcedWidening {
    /// - Parameters:
    ///   - before, now: each column's edges on the frame before and on this one.
    ///   - text: the table's text (cells joined by tabs) that its lines' `start ..< end` index.
    static func read(
        _ block: Frame.Block, before: [Int: (Double, Double)], now: [Int: (Double, Double)],
        text: [Unicode.Scalar]
    ) -> [Int: Double] {
        var widened: [Int: Double] = [:]
        for (column, edges) in now {
            guard let old = before[column] else { continue }
            let change = (edges.1 - edges.0) - (old.1 - old.0)
            if change > 0.5 { widened[column] = change }
        }
        guard !widened.isEmpty else { return [:] }
        // Measured only on a frame where a column widened: most frames move nothing.
        let needs = wordNeeds(block, text: text)
        return widened.filter { column, _ in
            guard let old = before[column], let need = needs[column] else { return false }
            return need > old.1 - old.0 + 0.5
        }
    }

    /// Each column's widest line with no space in it, padding included: the width its words need.
    static func wordNeeds(_ block: Frame.Block, text: [Unicode.Scalar]) -> [Int: Double] {
        guard let cells = block.cells, let pad = sidePadding(block.lines, cells: cells) else { return [:] }
        var needs: [Int: Double] = [:]
        for line in block.lines {
            guard let column = cell(of: line, in: cells)?.column, let start = line.start, let end = line.end,
                start >= 0, start <= end, end <= text.count, !text[start..<end].contains(where: \.properties.isWhitespace)
            else { continue }
            needs[column] = max(needs[column] ?? 0, line.width + 2 * pad)
        }
        return needs
    }

    /// The cell a line sits in: the one its middle falls in.
    private static func cell(of line: Frame.Line, in cells: [Frame.Cell]) -> Frame.Cell? {
        let (x, y) = (line.x + line.width / 2, line.y + line.height / 2)
        return cells.first { x >= $0.x && x <= $0.x + $0.width && y >= $0.y && y <= $0.y + $0.height }
    }

    /// The space between a cell's edge and its text: the smallest gap between a line and its cell's side.
    private static func sidePadding(_ lines: [Frame.Line], cells: [Frame.Cell]) -> Double? {
        lines.compactMap { line -> Double? in
            guard line.width > 0, let cell = cell(of: line, in: cells) else { return nil }
            return max(0, min(line.x - cell.x, cell.x + cell.width - line.x - line.width))
        }.min()
    }
}
