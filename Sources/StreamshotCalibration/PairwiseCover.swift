/// A pairwise-covering set of rows over axes of given sizes: every value of every axis meets
/// every value of every other axis in at least one row, in far fewer rows than the full product
/// (the clean matrix's seven axes: ~350 rows instead of ~100,000). Greedy and deterministic:
/// each row starts from the first pair not yet covered and takes, axis by axis, the value that
/// covers the most new pairs (ties to the value used least, then the lowest).
public enum PairwiseCover {
    /// - Parameter sizes: how many values each axis has (each at least 1).
    /// - Returns: rows of value indices, one per axis.
    public static func rows(_ sizes: [Int]) -> [[Int]] {
        precondition(sizes.allSatisfy { $0 >= 1 }, "every axis needs a value")
        guard sizes.count > 1 else { return (0..<(sizes.first ?? 1)).map { [$0] } }
        var uncovered = Set<Pair>()
        for a in sizes.indices {
            for b in (a + 1)..<sizes.count { for x in 0..<sizes[a] { for y in 0..<sizes[b] { uncovered.insert(Pair(a, x, b, y)) } } }
        }
        var used = sizes.map { Array(repeating: 0, count: $0) }
        var rows: [[Int]] = []
        while let seed = uncovered.min() {
            var row = Array(repeating: -1, count: sizes.count)
            row[seed.axisA] = seed.valueA
            row[seed.axisB] = seed.valueB
            for axis in sizes.indices where row[axis] < 0 {
                row[axis] = (0..<sizes[axis]).max { lhs, rhs in
                    let l = gain(axis, lhs, row, uncovered)
                    let r = gain(axis, rhs, row, uncovered)
                    return l != r ? l < r : (used[axis][lhs], lhs) > (used[axis][rhs], rhs)
                }!
            }
            for a in sizes.indices {
                used[a][row[a]] += 1
                for b in (a + 1)..<sizes.count { uncovered.remove(Pair(a, row[a], b, row[b])) }
            }
            rows.append(row)
        }
        return rows
    }

    /// New pairs `value` on `axis` would cover beside the values already set in `row`.
    private static func gain(_ axis: Int, _ value: Int, _ row: [Int], _ uncovered: Set<Pair>) -> Int {
        row.indices.reduce(0) { count, other in
            guard other != axis, row[other] >= 0 else { return count }
            let pair = axis < other ? Pair(axis, value, other, row[other]) : Pair(other, row[other], axis, value)
            return count + (uncovered.contains(pair) ? 1 : 0)
        }
    }

    private struct Pair: Hashable, Comparable {
        let axisA, valueA, axisB, valueB: Int
        init(_ axisA: Int, _ valueA: Int, _ axisB: Int, _ valueB: Int) {
            (self.axisA, self.valueA, self.axisB, self.valueB) = (axisA, valueA, axisB, valueB)
        }
        static func < (lhs: Pair, rhs: Pair) -> Bool {
            (lhs.axisA, lhs.axisB, lhs.valueA, lhs.valueB) < (rhs.axisA, rhs.axisB, rhs.valueA, rhs.valueB)
        }
    }
}
