/// One thing a client draws over or beside the text, as it decided it: what it is and what it
/// says. Layout places it (`PlacedOverlay`); the manifest lists it with its box.
public struct Overlay: Equatable, Sendable {
    public typealias Kind = OverlayKind

    public var kind: Kind
    /// The words it shows (a button's label), in the app's language; nil: it has none (the dots).
    public var text: String?
    /// A typing caption (or a tool's status line) with a spinning activity indicator at its
    /// start (shared/seeds/003's `ProgressView()` beside "Claude is typing...").
    public var spinner: Bool
    /// Drawn in the warning colour (a token budget under 20%).
    public var warning: Bool
    /// The direction its words read in, when not the app's (the model's own words: a reasoning preview).
    public var direction: WritingDirection?
    /// A row the reader opened (the "Thought for" row, its reasoning shown): its chevron points down.
    public var expanded: Bool
    /// Drawn in the room this block of the client's own keeps in the answer's flow (a tool card
    /// where the call was made); nil: placed by its kind.
    public var block: Int?

    public init(
        _ kind: Kind, text: String? = nil, spinner: Bool = false, warning: Bool = false, direction: WritingDirection? = nil,
        expanded: Bool = false, block: Int? = nil
    ) {
        self.kind = kind
        self.text = text
        self.spinner = spinner
        self.warning = warning
        self.direction = direction
        self.expanded = expanded
        self.block = block
    }
}

extension OverlayKind {
    /// Pills that share the composer's band, one at a time; the first listed wins.
    /// The suggestion and the budget are standing information: any status outranks them.
    static let bandPriority: [OverlayKind] = [.retry, .reconnecting, .slowConnection, .progress, .summaryMode, .tokenBudget]
}
