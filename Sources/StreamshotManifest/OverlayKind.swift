/// What a client draws over or beside the text, as the manifest names it.
public enum OverlayKind: String, Codable, Sendable, CaseIterable {
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
    /// Under "Thinking…", the latest of what the model thinks, when the stream sends its text:
    /// one muted line, cut with "…".
    case reasoningPreview = "reasoning-preview"
    /// "Thought for 4s": the collapsed row above an answer the model reasoned before; it
    /// scrolls with the answer (the document keeps its room above the first block).
    case thought
    /// A tool call's status line until its result ("Searching…", "Running code…", "Using …").
    case toolStatus = "tool-status"
    /// A tool call the model made before the answer, as a card above it (under "Thought for"):
    /// what it did, the gist of its arguments, its result or its error; it scrolls with the answer.
    case toolCard = "tool-card"
}
