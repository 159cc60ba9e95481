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
