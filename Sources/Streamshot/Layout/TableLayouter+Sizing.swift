import StreamshotModel
import StreamshotStyle

extension TableLayouter {
    /// The columns as the client sized them (`TableSizing`): each part's widths, blended by
    /// their weights (a single part once an ease is over), then every column at least as wide
    /// as the longest word of a shown cell that may not run on (`wordFloor`): that column alone
    /// widens at once, the others keep gliding. While the shown rows fit with every cell on one
    /// line (and the rows held do too), each column is at least as wide as its longest shown cell:
    /// a row being typed widens its column at once, pushing the rest along as a word does, and
    /// never wraps to unwrap a moment later (moving what is below it). Rows held while the columns open for them
    /// (`cells` past `shownRows`) are measured by the parts but set no floor, so the columns
    /// glide before they are shown.
    func columns(
        _ cells: [[StyledText]], shownRows: Int, decisions: [[CellDecision]], sizing: TableSizing, size: Double,
        monospaced: Bool, available: Double
    ) throws -> TableColumns {
        let columnCount = cells.first?.count ?? 1
        let parts = try sizing.parts.map { part in
            (
                TableColumns(
                    needs: try needs(cells, decisions: decisions, measured: part.scalars, size: size, monospaced: monospaced),
                    columns: columnCount, available: available, cap: available), part.weight
            )
        }
        let shown = Array(cells.prefix(shownRows))
        let whole = TableColumns(
            needs: try needs(shown, decisions: decisions, measured: .max, size: size, monospaced: monospaced),
            columns: columnCount, available: available, cap: available)
        // Held on one line only while the held rows fit so too: a held row that ends it lets the
        // shown cells wrap as the columns glide toward it, not all at once when it is shown.
        let heldFit =
            shownRows == cells.count
            ? true
            : TableColumns(
                needs: try needs(cells, decisions: decisions, measured: .max, size: size, monospaced: monospaced),
                columns: columnCount, available: available, cap: available
            ).roomy
        let roomy = whole.roomy && heldFit
        let floor = roomy ? whole.widths : try wordFloor(shown, decisions: decisions, size: size, monospaced: monospaced, cap: available)
        guard parts.count > 1 else { return TableColumns(widths: zip(parts.first?.0.widths ?? whole.widths, floor).map(max)) }
        // Whole pixels, rounded up: an easing step never leaves an edge between two.
        return TableColumns(
            widths: (0..<columnCount).map { column in
                max(parts.reduce(0) { $0 + $1.0.widths[column] * $1.1 }.rounded(.up), floor[column])
            })
    }

    /// Each cell's need as measured from the first `measured` characters of the cells, row by
    /// row (past them, nothing yet: the part that measures them is still easing in).
    private func needs(
        _ cells: [[StyledText]], decisions: [[CellDecision]], measured: Int, size: Double,
        monospaced: Bool
    ) throws -> [[TableColumns.Need]] {
        var left = measured
        return try cells.indices.map { row in
            try cells[row].indices.map { column in
                let cell = cells[row][column]
                let count = cell.text.unicodeScalars.count
                defer { left -= min(left, count) }
                guard left > 0 else { return TableColumns.Need(least: 2 * sidePad, most: 2 * sidePad) }
                return try need(
                    left >= count ? cell : cell.prefix(scalars: left), decision: decisions[row][column], bold: row == 0,
                    size: size, monospaced: monospaced)
            }
        }
    }

    /// How wide each column must be now: as its cells' longest words (up to `cap`), but for the
    /// last cell with text in a row, whose newest word may run on into the empty cells after it
    /// (or, in the last column, to the text column's edge) while its column opens. A word is
    /// never cut, and never runs over another cell's text.
    private func wordFloor(
        _ cells: [[StyledText]], decisions: [[CellDecision]], size: Double, monospaced: Bool,
        cap: Double
    ) throws -> [Double] {
        var floor = [Double](repeating: 0, count: cells.first?.count ?? 1)
        for row in cells.indices {
            for column in cells[row].indices where column < floor.count {
                let runsOn = cells[row][(column + 1)...].allSatisfy { $0.text.isEmpty }
                guard !runsOn, !cells[row][column].text.isEmpty else { continue }
                let least = try need(cells[row][column], decision: decisions[row][column], bold: row == 0, size: size, monospaced: monospaced).least
                floor[column] = max(floor[column], min(least, cap))
            }
        }
        return floor
    }
}

extension StyledText {
    /// Its first `count` characters (Unicode scalars), with their styles.
    func prefix(scalars count: Int) -> StyledText {
        guard count < text.unicodeScalars.count else { return self }
        let prefix = String(text.unicodeScalars.prefix(count))
        let bytes = prefix.utf8.count
        let spans = spans.compactMap { span -> TextSpan? in
            guard span.bytes.lowerBound < bytes else { return nil }
            return TextSpan(bytes: span.bytes.lowerBound..<min(span.bytes.upperBound, bytes), style: span.style)
        }
        return StyledText(prefix, spans: spans)
    }
}
