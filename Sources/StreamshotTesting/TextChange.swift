import StreamshotReview

/// What changed in the text two structural snapshots show (their `| ` lines), as a reader would
/// say it: the words that differ with a little context either side, not a count of characters.
enum TextChange {
    /// How much unchanged text to show on each side of a change, in characters.
    static let context = 24
    /// The longest change shown of either side, in characters (the rest elided).
    static let longest = 120

    /// `«…بدفع الأجرة في موعدها…» became «…بدفع الإيجار في موعده…»`; nil when the shown texts are the same.
    /// A reference written before snapshots held their text has none to compare: nil.
    static func between(_ expected: String, _ actual: String) -> String? {
        excerpts(expected, actual).map { "«\($0.before.text)» became «\($0.after.text)»".replacingOccurrences(of: "\n", with: " ⏎ ") }
    }

    /// Both sides of the change: the changed text of each with the context around it, its lines kept.
    static func excerpts(_ expected: String, _ actual: String) -> (before: FailureRecord.TextExcerpt, after: FailureRecord.TextExcerpt)? {
        guard expected.contains("\n" + StructuralSnapshot.textMark) else { return nil }
        let (a, b) = (Array(shown(expected)), Array(shown(actual)))
        guard a != b else { return nil }
        let prefix = zip(a, b).prefix { $0 == $1 }.count
        let suffix = zip(a[prefix...].reversed(), b[prefix...].reversed()).prefix { $0 == $1 }.count
        func excerpt(_ text: [Character]) -> FailureRecord.TextExcerpt {
            let start = max(0, prefix - context)
            let end = min(text.count, text.count - suffix + context)
            var middle = String(text[prefix..<(text.count - suffix)])
            if middle.count > longest { middle = String(middle.prefix(longest)) + "…" }
            return FailureRecord.TextExcerpt(
                lead: (start > 0 ? "…" : "") + String(text[start..<prefix]), changed: middle,
                trail: String(text[(text.count - suffix)..<end]) + (end < text.count ? "…" : ""))
        }
        return (excerpt(a), excerpt(b))
    }

    /// The shown text a structural snapshot holds.
    static func shown(_ snapshot: String) -> String {
        snapshot.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix(StructuralSnapshot.textMark) }
            .map { $0.dropFirst(StructuralSnapshot.textMark.count) }
            .joined(separator: "\n")
    }
}
