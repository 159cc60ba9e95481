/// How a client sizes a table's columns while its rows stream.
public enum ColumnRule: String, Sendable, CaseIterable {
    /// The widths eased to what is shown over 200 ms whenever it grows (a word wider than its
    /// column still widens it at once): a column the reader sees glides, never jumps back
    /// (Streamshot's reference).
    case settled
    /// Every cell measured whole again as each character arrives, as a browser's automatic
    /// table layout does: columns jump while rows stream.
    case auto
}

/// How much of each table's text its column widths measure whole, frame by frame, under
/// `ColumnRule.settled`: when the table's text grows, the widths ease from where they stood (a
/// blend, if an ease was under way) to the widths of all of it over `easeMs`. A row that
/// arrives is shown once the ease it started is over, so the columns open for it first and a
/// row is never laid out at widths that are still changing; what comes after it waits with it.
package struct ColumnSettling {
    /// How long a change of widths takes, as a disclosure's or a list's animation does.
    static let easeMs = 200.0
    /// A blend's parts below this weight are dropped (and the rest scaled up): a sub-pixel share.
    private static let leastWeight = 0.01

    private struct Table {
        /// Where the widths stood when the last ease began.
        var from: [TableSizing.Part]
        var scalars: Int
        var sinceMs: Double
        /// When each row was first seen (rows there when the table was first seen: never held).
        var rowArrivals: [Double]
        /// The rows shown by the last sizing decided.
        var shownRows: Int

        func sizing(at timeMs: Double) -> TableSizing {
            let progress = ColumnSettling.eased((timeMs - sinceMs) / ColumnSettling.easeMs)
            guard progress < 1 else { return TableSizing(parts: [TableSizing.Part(scalars: scalars, weight: 1)]) }
            var parts = from.map { TableSizing.Part(scalars: $0.scalars, weight: $0.weight * (1 - progress)) }
            if let same = parts.firstIndex(where: { $0.scalars == scalars }) {
                parts[same].weight += progress
            } else {
                parts.append(TableSizing.Part(scalars: scalars, weight: progress))
            }
            return TableSizing(parts: ColumnSettling.pruned(parts))
        }

        /// The rows that have waited out their ease by `timeMs` (a frame clock's rounding, a
        /// billionth of a millisecond, does not hold a row a frame longer).
        func rowsDue(at timeMs: Double) -> Int {
            rowArrivals.firstIndex { timeMs - $0 < ColumnSettling.easeMs - 1e-6 } ?? rowArrivals.count
        }
    }

    private var tables: [Int: Table] = [:]
    /// This frame shows what waited all at once (a reader back from another app): tables take
    /// their widths with it, as nobody watched them grow.
    var showsAllAtOnce = false

    package init() {}

    /// The sizing decided for `block` at `timeMs` under `rule`; a block that is not a table gets `.eachFrame`.
    package mutating func sizing(of block: Block, rule: ColumnRule, at timeMs: Double) -> TableSizing {
        guard block.kind == .table, rule == .settled else { return .eachFrame }
        let shown = block.rows.reduce(0) { sum, row in sum + row.reduce(0) { $0 + $1.text.unicodeScalars.count } }
        guard var table = tables[block.id], !showsAllAtOnce else {
            let arrivals = [Double](repeating: -.infinity, count: block.rows.count)
            tables[block.id] = Table(
                from: [TableSizing.Part(scalars: shown, weight: 1)], scalars: shown, sinceMs: timeMs - Self.easeMs,
                rowArrivals: arrivals, shownRows: block.rows.count)
            return TableSizing(parts: [TableSizing.Part(scalars: shown, weight: 1)])
        }
        if shown != table.scalars {
            (table.from, table.scalars, table.sinceMs) = (table.sizing(at: timeMs).parts, shown, timeMs)
        }
        table.rowArrivals = Array(table.rowArrivals.prefix(block.rows.count))
        while table.rowArrivals.count < block.rows.count { table.rowArrivals.append(timeMs) }
        table.shownRows = table.rowsDue(at: timeMs)
        tables[block.id] = table
        var sizing = table.sizing(at: timeMs)
        sizing.shownRows = table.shownRows < block.rows.count ? table.shownRows : nil
        return sizing
    }

    /// Whether a table holds a row at `timeMs` while its columns open for it: what is shown
    /// waits too, so nothing after the row is shown before it.
    package func holdsRows(at timeMs: Double) -> Bool {
        tables.values.contains { $0.rowsDue(at: timeMs) < $0.rowArrivals.count }
    }

    /// How far the text shown may go at `timeMs`, from `shown` toward `target`: nowhere while a
    /// row is held, else up to the end of the first table row on the way (its columns open
    /// before anything after it is shown). Until a settled table is seen, nothing stops it.
    package func shownLimit(from shown: Int, toward target: Int, in scalars: [Unicode.Scalar], at timeMs: Double) -> Int {
        guard target > shown, !tables.isEmpty else { return target }
        guard !holdsRows(at: timeMs) else { return shown }
        return StreamingSource.firstTableRowEnd(in: scalars, from: shown, to: target) ?? target
    }

    /// The tables to lay out again at `timeMs`: their widths are still easing, or a row they held is due.
    package func easing(at timeMs: Double) -> [Int] {
        tables.filter { timeMs - $0.value.sinceMs < Self.easeMs || $0.value.rowsDue(at: timeMs) != $0.value.shownRows }.keys.sorted()
    }

    /// Ease-out: quick at first, settling gently (a cubic, as UIKit's and CSS's ease-out curves).
    fileprivate static func eased(_ t: Double) -> Double {
        let clamped = min(max(t, 0), 1)
        return 1 - (1 - clamped) * (1 - clamped) * (1 - clamped)
    }

    /// The parts that weigh something, scaled to sum to 1.
    fileprivate static func pruned(_ parts: [TableSizing.Part]) -> [TableSizing.Part] {
        let kept = parts.filter { $0.weight >= leastWeight }
        let total = kept.reduce(0) { $0 + $1.weight }
        return kept.map { TableSizing.Part(scalars: $0.scalars, weight: $0.weight / total) }
    }
}
