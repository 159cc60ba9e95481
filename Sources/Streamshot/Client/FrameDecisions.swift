/// What a client decided about a block when it was first shown. Layout executes it as given.
public struct BlockDecision: Equatable, Sendable {
    public var direction: WritingDirection
    public var alignment: ResolvedAlignment
    public var pitch: LinePitch
    public let shownAtMs: Double
}

/// A block as the client shows it this frame, with its decisions.
public struct DecidedBlock: Sendable {
    public var block: Block
    public var decision: BlockDecision
}

/// The document as the client shows it this frame. Only what may have changed is listed, so the
/// work per frame follows the change, not the document's length.
public struct DocumentDecisions: Sendable {
    /// Blocks before this index are exactly as they were on the last frame.
    public var unchangedCount: Int
    /// The blocks from `unchangedCount` on, in order (a notice, when there is one, last).
    public var changed: [DecidedBlock]

    public var blockCount: Int { unchangedCount + changed.count }
}

/// What is drawn over or instead of the document.
public struct Overlays: Equatable, Sendable {
    /// Three pulsing dots before the first character (the direction is not known yet).
    public var typingIndicator = false
    /// The connection dropped and no text has arrived since.
    public var reconnecting = false
    /// The block that is receiving text, when the caret shows.
    public var caretBlockId: Int?
}

/// A frame's decisions about the text: made by the client model before layout.
public struct ContentDecisions: Sendable {
    public var timeMs: Double
    public var revealedChars: Int
    public var bufferedChars: Int
    /// Buffered characters up to the last word boundary: what the buffer could show.
    public var pendingChars: Int
    /// Decided before the first character is shown; nil until then.
    public var responseDirection: WritingDirection?
    /// The stream has finished (done, error, or its end).
    public var streamEnded: Bool
    /// Everything that arrived is shown and nothing more will come.
    public var allRevealed: Bool
    /// The blocks to lay out; nil while nothing may be shown.
    public var document: DocumentDecisions?
    public var overlays: Overlays
}

/// A frame's decisions about the view: made by the client model once layout has measured the
/// document, as a scroll view does.
public struct ViewDecisions: Equatable, Sendable {
    /// How far the document is scrolled, in pixels.
    public var scroll: Double
    /// Whether the view follows the newest text.
    public var pinnedToBottom: Bool
    /// The blocks in view (indices into the document), and each one's opacity.
    public var visible: Range<Int>
    public var opacities: [Double]
    /// Nothing is moving any more: text, fades and scroll are all at rest.
    public var settled: Bool
}

/// What the view needs to know of the laid-out document, as a scroll view knows its content.
public protocol ScrollContent {
    /// The document's height, padding included.
    var contentHeight: Double { get }
    /// Indices of the blocks that intersect `[top, bottom)`.
    func visibleRange(top: Double, bottom: Double) -> Range<Int>
    /// The id of the block at `index`.
    func blockId(at index: Int) -> Int
}
