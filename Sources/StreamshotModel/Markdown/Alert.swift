import Foundation
import StreamshotStyle

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` is drawn as a box with its title and a bar in the alert's colour.
public enum Alert: String, Sendable, CaseIterable, Hashable {
    case note, tip, important, warning, caution

    /// The language of an alert's title: the language of the alert's own text, so that the box
    /// reads in one direction (an English title would set an Arabic warning left to right).
    package enum TitleLanguage: Sendable, Equatable {
        case english, hebrew, arabic, persian
    }

    /// Letters only Persian (and Urdu) writes, and letters only Arabic writes: the first of either
    /// in an Arabic-script alert decides its title's language, once.
    private static let persianLetters: Set<Unicode.Scalar> = ["\u{067E}", "\u{0686}", "\u{0698}", "\u{06AF}", "\u{06A9}", "\u{06CC}"]
    private static let arabicLetters: Set<Unicode.Scalar> = ["\u{064A}", "\u{0643}", "\u{0629}", "\u{0649}"]
    /// Past this many Arabic-script letters with no deciding one, the title is Arabic's.
    private static let undecidedLetters = 40

    /// The title's language for an alert whose text so far is `body`, or nil while it cannot yet
    /// be told: no letter yet, or Arabic-script letters none of which tells Arabic from Persian.
    /// A title shown once keeps its words: «تحذير» never turns into «هشدار» when a Persian letter
    /// arrives later, so the alert waits (as a list item waits for its first word) until it can tell.
    /// - Parameter complete: no more text comes into the alert: what is undecided then is decided.
    package static func titleLanguage(of body: String, complete: Bool) -> TitleLanguage? {
        guard let first = body.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { return complete ? .english : nil }
        switch first.value {
        case 0x0590...0x05FF: return .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            var letters = 0
            for scalar in body.unicodeScalars {
                if persianLetters.contains(scalar) { return .persian }
                if arabicLetters.contains(scalar) { return .arabic }
                if scalar.properties.isAlphabetic { letters += 1 }
            }
            return complete || letters >= undecidedLetters ? .arabic : nil
        default: return .english
        }
    }

    /// The title GitHub shows ("Warning"), in `language`.
    package func title(in language: TitleLanguage) -> String {
        switch language {
        case .english: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        case .hebrew: return ["note": "הערה", "tip": "טיפ", "important": "חשוב", "warning": "אזהרה", "caution": "זהירות"][rawValue]!
        case .persian: return ["note": "یادداشت", "tip": "نکته", "important": "مهم", "warning": "هشدار", "caution": "احتیاط"][rawValue]!
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
    package static func isPending(_ text: String) -> Bool {
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
    package func titled(_ content: StyledText, in language: TitleLanguage) -> StyledText {
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
        return StyledText(heading + rest, spans: [TextSpan(bytes: titleBytes, style: [.bold, .accent])] + spans)
    }

    /// A first paragraph's text after its marker line.
    package static func afterMarker(_ text: String) -> String {
        text.firstIndex(of: "\n").map { String(text[text.index(after: $0)...]) } ?? ""
    }
}
