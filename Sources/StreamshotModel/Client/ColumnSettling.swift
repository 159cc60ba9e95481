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
/// blend, if an ease was under way) to the widths of all of it over `easeMs`.
package struct ColumnSettling {
    /// How long a change of widths takes, as a disclosure's or a list's animation does.
    package static let easeMs = 200.0
    /// A blend's parts below this weight are dropped (and the rest scaled up): a sub-pixel share.
    private static let leastWeight = 0.01

    private struct Table {
        /// Where the widths stood when the last ease began.
        var from: [TableSizing.Part]
        var scalars: Int
        var sinceMs: Double

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
    }

    private var tables: [Int: Table] = [:]
    /// This frame shows what waited all at once (a reader back from another app): tables take
    /// their widths with it, as nobody watched them grow.
    package var showsAllAtOnce = false

    package init() {}

    /// The sizing decided for `block` at `timeMs` under `rule`; a block that is not a table gets `.eachFrame`.
    package mutating func sizing(of block: Block, rule: ColumnRule, at timeMs: Double) -> TableSizing {
        guard block.kind == .table, rule == .settled else { return .eachFrame }
        let shown = block.rows.reduce(0) { sum, row in sum + row.reduce(0) { $0 + $1.text.unicodeScalars.count } }
        guard let table = tables[block.id], !showsAllAtOnce else {
            tables[block.id] = Table(from: [TableSizing.Part(scalars: shown, weight: 1)], scalars: shown, sinceMs: timeMs - Self.easeMs)
            return TableSizing(parts: [TableSizing.Part(scalars: shown, weight: 1)])
        }
        if shown != table.scalars {
            tables[block.id] = Table(from: table.sizing(at: timeMs).parts, scalars: shown, sinceMs: timeMs)
        }
        return tables[block.id]!.sizing(at: timeMs)
    }

    /// The tables whose widths are still easing at `timeMs`: they are laid out again each frame until they arrive.
    package func easing(at timeMs: Double) -> [Int] {
        tables.filter { timeMs - $0.value.sinceMs < Self.easeMs }.keys.sorted()
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
