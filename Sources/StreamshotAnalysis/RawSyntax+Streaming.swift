extension RawSyntax {
    /// Emphasis markers a block showed as text while it streamed and dropped once the emphasis
    /// closed: in `shown` (a text the block showed), a run of `*` or `_` (one to three) before a
    /// letter whose removal leaves a prefix of `next` (the text it showed after) — the words
    /// stayed, only the markers went. The run with the words after it, as a reader saw it
    /// («بـ**ضمان»); nil when no marker vanished so.
    static func vanishedEmphasis(shown: String, next: String) -> String? {
        let scalars = Array(shown.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let marker = scalars[index]
            guard marker == "*" || marker == "_" else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end] == marker { end += 1 }
            defer { index = end }
            guard end - index <= 3, end < scalars.count, scalars[end].properties.isAlphabetic else { continue }
            let without = String(String.UnicodeScalarView(scalars[..<index] + scalars[end...]))
            guard next.hasPrefix(without) else { continue }
            let from = max(0, index - 12)
            let upTo = min(scalars.count, end + 12)
            return String(String.UnicodeScalarView(scalars[from..<upTo]))
        }
        return nil
    }
}
