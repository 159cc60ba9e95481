import Foundation
import StreamshotStyle

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` is drawn as a box with its title and a bar in the alert's colour.
public enum Alert: String, Sendable, CaseIterable, Hashable {
    case note, tip, important, warning, caution

    /// The title GitHub shows ("Warning"), in the language of the alert's own text: an Arabic,
    /// Persian or Hebrew alert gets its title in that language, so the box reads in one direction
    /// (an English title would set an Arabic warning left to right).
    public func title(for body: String) -> String {
        let english = rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        guard let first = body.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { return english }
        let persian = body.unicodeScalars.contains { ["\u{067E}", "\u{0686}", "\u{0698}", "\u{06AF}", "\u{06A9}", "\u{06CC}"].contains($0) }
        switch first.value {
        case 0x0590...0x05FF: return ["note": "הערה", "tip": "טיפ", "important": "חשוב", "warning": "אזהרה",
                                      "caution": "זהירות"][rawValue]!
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            return persian ? ["note": "یادداشت", "tip": "نکته", "important": "مهم", "warning": "هشدار", "caution": "احتیاط"][rawValue]!
                : ["note": "ملاحظة", "tip": "نصيحة", "important": "مهم", "warning": "تحذير", "caution": "تنبيه"][rawValue]!
        default: return english
        }
    }

    /// The alert a quote's first line names (`[!NOTE]` alone on it, any case), if any.
    package static func named(byFirstLineOf text: String) -> Alert? {
        let firstLine = text.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        guard firstLine.hasPrefix("[!"), firstLine.hasSuffix("]") else { return nil }
        return Alert(rawValue: firstLine.dropFirst(2).dropLast().lowercased())
    }

    /// Whether a quote's first paragraph may still become an alert whose title is not yet known:
    /// a marker being typed (`[!WAR`), or a marker with nothing after it yet. It waits, as a
    /// list item waits for its first word, so its direction is read from its own words.
    package static func isPending(_ text: String) -> Bool {
        let firstLine = text.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces).lowercased()
        if !text.contains("\n") {
            return firstLine.hasPrefix("[!") && allCases.contains { "[!\($0.rawValue)]".hasPrefix(firstLine) }
        }
        guard named(byFirstLineOf: text) != nil else { return false }
        return text.drop { $0 != "\n" }.allSatisfy(\.isWhitespace)
    }

    /// The quote's first paragraph with its marker line made the alert's title (bold).
    package func titled(_ content: StyledText) -> StyledText {
        let text = content.text
        let rest = text.firstIndex(of: "\n").map { String(text[text.index(after: $0)...]) } ?? ""
        let removed = text.utf8.count - rest.utf8.count
        let title = self.title(for: rest)
        let heading = title + (rest.isEmpty ? "" : "\n")
        let shift = heading.utf8.count - removed
        let spans = content.spans.compactMap { span -> TextSpan? in
            guard span.bytes.upperBound > removed else { return nil }
            let lower = max(span.bytes.lowerBound, removed) + shift
            return TextSpan(bytes: lower..<(span.bytes.upperBound + shift), style: span.style)
        }
        return StyledText(heading + rest, spans: [TextSpan(bytes: 0..<title.utf8.count, style: .bold)] + spans)
    }
}
