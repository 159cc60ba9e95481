import Foundation
import StreamshotStyle

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` is drawn as a box with its title and a bar in the alert's colour.
public enum Alert: String, Sendable, CaseIterable, Hashable {
    case note, tip, important, warning, caution

    /// The title GitHub shows ("Warning"), in the app's `language`.
    package func title(in language: AppLanguage) -> String {
        switch language {
        case .english: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        case .hebrew: return ["note": "הערה", "tip": "טיפ", "important": "חשוב", "warning": "אזהרה", "caution": "זהירות"][rawValue]!
        case .persian: return ["note": "یادداشت", "tip": "نکته", "important": "مهم", "warning": "هشدار", "caution": "احتیاط"][rawValue]!
        case .urdu: return ["note": "نوٹ", "tip": "مشورہ", "important": "اہم", "warning": "انتباہ", "caution": "احتیاط"][rawValue]!
        case .arabic: return ["note": "ملاحظة", "tip": "نصيحة", "important": "مهم", "warning": "تحذير", "caution": "تنبيه"][rawValue]!
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
    static func isPending(_ text: String) -> Bool {
        let firstLine = text.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces).lowercased()
        if !text.contains("\n") {
            return firstLine.hasPrefix("[!") && allCases.contains { "[!\($0.rawValue)]".hasPrefix(firstLine) }
        }
        guard named(byFirstLineOf: text) != nil else { return false }
        return text.drop { $0 != "\n" }.allSatisfy(\.isWhitespace)
    }

    /// Room at the start of the title for the alert's icon, which layout draws there: an em space
    /// (the icon, one em square, as GitHub's 16 px octicon at 16 px text) and an en space (the
    /// gap after it). Spaces, so bidi sets them at the title's start in either direction.
    public static let iconRoom = "\u{2003}\u{2002}"

    /// The quote's first paragraph with its marker line made the alert's title: room for the
    /// icon, then the title in bold, in the alert's colour (`.accent`), as GitHub draws it.
    package func titled(_ content: StyledText, in language: AppLanguage) -> StyledText {
        let text = content.text
        let rest = Self.afterMarker(text)
        let removed = text.utf8.count - rest.utf8.count
        let title = self.title(in: language)
        let heading = Self.iconRoom + title + (rest.isEmpty ? "" : "\n")
        let shift = heading.utf8.count - removed
        let spans = content.spans.compactMap { span -> TextSpan? in
            guard span.bytes.upperBound > removed else { return nil }
            let lower = max(span.bytes.lowerBound, removed) + shift
            return TextSpan(bytes: lower..<(span.bytes.upperBound + shift), style: span.style)
        }
        let titleBytes = Self.iconRoom.utf8.count..<(Self.iconRoom.utf8.count + title.utf8.count)
        var titled = StyledText(heading + rest, spans: [TextSpan(bytes: titleBytes, style: [.bold, .accent])] + spans)
        // The marker line holds no formula or picture: the text's are all still there.
        titled.formulas = content.formulas
        titled.formulaErrors = content.formulaErrors
        titled.pictures = content.pictures
        return titled
    }

    /// A first paragraph's text after its marker line.
    static func afterMarker(_ text: String) -> String {
        text.firstIndex(of: "\n").map { String(text[text.index(after: $0)...]) } ?? ""
    }
}
