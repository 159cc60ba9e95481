/// How a client draws the citations an answer streams with (`--citations`).
public enum CitationStyle: String, CaseIterable, Sendable {
    /// A numbered chip after the cited sentence and a numbered Sources list under the answer
    /// (Claude, Perplexity, AI Elements' InlineCitation): the reference's.
    case numbered
    /// A pill with the source's domain after the cited sentence (ChatGPT), and the Sources list.
    case domain
    /// Nothing: the client drops citation events (a text-only handler).
    case none
}

extension CitationSource {
    /// The longest name a pill shows, in characters: longer ones are cut with "…".
    static let pillLength = 22

    /// What its domain pill says: the domain, else (a document, a file) its name cut to
    /// `pillLength`; never broken across lines (its spaces do not break), as a pill is one thing.
    var pillLabel: String {
        let whole = domain ?? name
        let cut = whole.count > Self.pillLength ? whole.prefix(Self.pillLength - 1).trimmingCharacters(in: .whitespaces) + "…" : whole
        return cut.replacingOccurrences(of: " ", with: "\u{00A0}")
    }
}
