/// One thing a client draws over or beside the text, as it decided it: what it is and what it
/// says. Layout places it (`PlacedOverlay`); the manifest lists it with its box.
public struct Overlay: Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Dots before the first character, or a caption under a streaming answer ("… is typing").
        case typingIndicator = "typing-indicator"
        /// "↓ New content" while the reader is scrolled up and text arrives below.
        case newContentPill = "new-content-pill"
        /// "Drafting clause 3 of 7…" on a long draft.
        case progress
        /// The connection dropped and is being re-established.
        case reconnecting
        /// The link is `2g` or `slow-2g`.
        case slowConnection = "slow-connection"
        /// The button that stops the answer, while it streams.
        case stopButton = "stop-button"
        /// The notice an unhappy ending shows under (or instead of) the answer.
        case error
        /// The button that asks again: Retry, Resume or Sign in.
        case retry
        /// The finished message's time, under it (shared/seeds/003's `MessageBubbleView`).
        case timestamp
        /// The suggestion to switch to Summary mode on a link under 0.5 Mbps (shared/seeds/000).
        case summaryMode = "summary-mode"
        /// "~2,400 tokens remaining this month" by the composer (shared/seeds/000).
        case tokenBudget = "token-budget"
        /// "Thinking… 4s" where the answer will start, while the model reasons before it.
        case thinking
        /// "Thought for 4s": the collapsed row above an answer the model reasoned before; it
        /// scrolls with the answer (the document keeps its room above the first block).
        case thought
        /// A tool call's status line until its result ("Searching…", "Running code…", "Using …").
        case toolStatus = "tool-status"

        /// Pills that share the composer's band, one at a time; the first listed wins.
        /// The suggestion and the budget are standing information: any status outranks them.
        static let bandPriority: [Kind] = [.retry, .reconnecting, .slowConnection, .progress, .summaryMode, .tokenBudget]
    }

    public var kind: Kind
    /// The words it shows (a button's label), in the response's language; nil: it has none (the dots).
    public var text: String?
    /// A typing caption (or a tool's status line) with a spinning activity indicator at its
    /// start (shared/seeds/003's `ProgressView()` beside "Claude is typing...").
    public var spinner: Bool
    /// Drawn in the warning colour (a token budget under 20%).
    public var warning: Bool

    public init(_ kind: Kind, text: String? = nil, spinner: Bool = false, warning: Bool = false) {
        self.kind = kind
        self.text = text
        self.spinner = spinner
        self.warning = warning
    }
}
