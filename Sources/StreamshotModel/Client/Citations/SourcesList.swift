/// The Sources list under a finished answer that cited: a title in the answer's language, then
/// one numbered row per source — its title, where in it, and its domain — in the order of the
/// chips' numbers. Blocks of the client's own, after the answer's and before an ending's notice.
enum SourcesList {
    /// The title's id; row `n` is `firstRowId - (n - 1)`. Below the notice's (-1), apart from the
    /// answer's blocks (0 and up).
    static let titleId = -2
    static let firstRowId = -3
    /// The rows' list, in containers' own id space.
    static let listId = -2
    /// Between one row's showing and the next's: about a line's worth of easing for the pinned
    /// view; closer for a long list, which is all shown within `wholeListMs` (a reader does not
    /// wait 15 s for a hundred sources).
    static func rowMs(sources: Int) -> Double { min(150, wholeListMs / Double(max(1, sources))) }
    static let wholeListMs = 1_200.0

    static func blocks(_ sources: [CitationSource], language: AppLanguage) -> [Block] {
        guard !sources.isEmpty else { return [] }
        let title = Block(
            id: titleId, kind: .heading(level: 4), content: StyledText(language.sourcesTitle), isFinished: true, sourceStart: 0,
            contentStart: 0)
        let rows = sources.enumerated().map { index, source in
            let item = BlockContainer(
                kind: .listItem(number: index + 1, index: index, checked: nil, tight: true), id: listId - index, list: listId,
                startsHere: true)
            return Block(
                id: firstRowId - index, kind: .paragraph, content: row(source, language: language), containers: [item], isFinished: true,
                sourceStart: 0, contentStart: 0)
        }
        return [title] + rows
    }

    /// "Title (p. 12) · domain": the domain left to right in any row.
    static func row(_ source: CitationSource, language: AppLanguage) -> StyledText {
        var text = source.title.isEmpty ? "" : source.title
        if let pages = source.pages { text += " (\(language.pages(pages)))" }
        guard let domain = source.domain, domain != source.title else { return StyledText(text.isEmpty ? source.name : text) }
        if text.isEmpty { return StyledText(domain, spans: [TextSpan(bytes: 0..<domain.utf8.count, style: .url)]) }
        // The dot stays with the title's last word: a row that wraps never starts a line with it,
        // nor leaves it on one of its own.
        let separator = "\u{00A0}· "
        let start = (text + separator).utf8.count
        return StyledText(text + separator + domain, spans: [TextSpan(bytes: start..<(start + domain.utf8.count), style: .url)])
    }
}

extension AppLanguage {
    /// Pages cited: "p. 12", "pp. 12–14"; "ص 12" in Arabic script, "עמ' 12" in Hebrew.
    func pages(_ pages: ClosedRange<Int>) -> String {
        let numbers = pages.count == 1 ? "\(pages.lowerBound)" : "\(pages.lowerBound)–\(pages.upperBound)"
        switch self {
        case .english: return (pages.count == 1 ? "p. " : "pp. ") + numbers
        case .arabic, .persian, .urdu: return "ص " + numbers
        case .hebrew: return "עמ' " + numbers
        }
    }

    /// The Sources list's title.
    public var sourcesTitle: String {
        switch self {
        case .english: return "Sources"
        case .arabic: return "المصادر"
        case .hebrew: return "מקורות"
        case .persian: return "منابع"
        case .urdu: return "ماخذ"
        }
    }
}
