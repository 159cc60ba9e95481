/// "Did you mean …?" for a name that is not one of the known ones: the closest by edit distance,
/// when it is close enough to be a slip rather than another word.
public enum Suggestion {
    /// The known name nearest to `given`, compared case-insensitively; nil when none is within
    /// a third of the longer word's length (at least 1, at most 3 edits).
    public static func closest(to given: String, in known: [String]) -> String? {
        let lowered = given.lowercased()
        let scored = known.map { (name: $0, distance: distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let allowed = min(3, max(1, max(given.count, best.name.count) / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// " (did you mean dark?)", or "" when nothing is close.
    public static func didYouMean(_ given: String, _ known: [String], prefix: String = "") -> String {
        closest(to: given, in: known).map { " (did you mean \(prefix)\($0)?)" } ?? ""
    }

    /// Edits between two strings, by characters: insertions, deletions, substitutions, and two
    /// neighbours swapped (`drak` is one edit from `dark`): the optimal string alignment distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
