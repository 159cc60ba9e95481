public import StreamshotStyle

/// What a client decided about a block when it was first shown. Layout executes it as given.
public struct BlockDecision: Equatable, Sendable {
    /// The block's base direction.
    public var direction: WritingDirection
    /// textAlign resolved against `direction`.
    public var alignment: ResolvedAlignment
    /// The distance between baselines, as a rule layout turns into pixels.
    public var pitch: LinePitch
    /// When the block was first shown (its fade starts then).
    public let shownAtMs: Double
    /// The side its containers indent from, mark and bar: one side for a whole list (its first
    /// block's direction) or quote (the response's), whatever its blocks' own directions — an
    /// English item in an Arabic list, an English quote in an Arabic answer.
    public var containerDirection: WritingDirection
    /// Tables: each cell's direction and alignment, row by row; the columns run in the table's
    /// `direction`. Rows are decided as they are shown.
    public var cells: [[CellDecision]]
    /// Its last line is still being typed and is set at the start edge until it is complete
    /// (`AlignmentPolicy.holdsGrowingLineAtStart`); the other lines keep `alignment`.
    public var growingLineAtStart = false
    /// Its text is set in the monospaced face (shared/seeds/003's `.monospaced()`).
    public var monospaced = false
    /// Tables: how far the reader has scrolled it sideways from its start edge, in pixels (a
    /// table no wider than the column ignores it; one wider stops at its end).
    public var tableScroll = 0.0
    /// Tables: which rows set the columns' widths, and how far they have eased to them.
    public var tableSizing = TableSizing.eachFrame
    /// Its text sits in a chat bubble that hugs it at the start edge (shared/seeds/003's
    /// `.padding().background(Color.gray.opacity(0.3)).clipShape(RoundedRectangle(cornerRadius: 16))`).
    public var bubble = false
    /// Its containers' list markers, outermost first: the text of a list item's number or bullet
    /// where the item starts on this block, nil elsewhere (`ListMarker.labels`).
    public var markers: [String?] = []
    /// Code blocks: the label above the code (its language, as ChatGPT's, Claude's and Gemini's
    /// apps head a code block), nil for none.
    public var codeLabel: String?
    /// Code blocks: a line longer than the block wraps inside it instead of running on under a fade.
    public var codeWraps = false
    /// How the code block is coloured: by its fence's language, or not at all.
    public var codeHighlighting = CodeHighlighting.none
    /// Code blocks: a finished mermaid flowchart is drawn as its diagram.
    public var drawsDiagram = false
    /// Text blocks (paragraphs, headings, list items, quotes): where its lines may break.
    public var wordBreak = WordBreak.normal
    /// Text blocks: the client's own colour for their text (a trace's `textColor`); nil, the theme's.
    public var textColor: Color?
    /// Text blocks shown in a box of their own height that scrolls inside itself (the opened
    /// reasoning); nil: every line, as laid out.
    public var window: LineWindow?

    public init(
        direction: WritingDirection, alignment: ResolvedAlignment, pitch: LinePitch, shownAtMs: Double,
        containerDirection: WritingDirection? = nil, cells: [[CellDecision]] = []
    ) {
        self.direction = direction
        self.alignment = alignment
        self.pitch = pitch
        self.shownAtMs = shownAtMs
        self.containerDirection = containerDirection ?? direction
        self.cells = cells
    }
}

extension BlockDecision {
    /// A table cell's decision: the client's, or the table's own direction and alignment for a
    /// cell it has not decided (a row that grew a cell after the client decided it).
    public func cell(_ column: Int, row: Int) -> CellDecision {
        guard row < cells.count, column < cells[row].count else { return CellDecision(direction: direction, alignment: alignment) }
        return cells[row][column]
    }
}

/// How much of a table's text its column widths are measured from. A browser's automatic
/// table layout measures every cell whole as each character arrives (`eachFrame`: columns jump
/// while a row is typed); a table that holds still eases to the widths of what it shows over a
/// moment whenever it grows, so its columns glide rather than jump, and a row that arrives waits
/// (`shownRows`) until the columns have opened for it. Layout keeps the rules no ease may break
/// for the rows it shows: a word is never cut (its column widens at once, or a row's last word
/// runs on into the empty cells after it while its column opens), and a table that fits whole
/// takes their widths at once. Mid-ease the widths are a blend: each part's widths, weighted.
public struct TableSizing: Equatable, Sendable {
    /// One extent of the text measured, and its share of the widths.
    public struct Part: Equatable, Sendable {
        /// The first `scalars` characters of the cells, row by row, are measured; the rest not yet.
        public var scalars: Int
        public var weight: Double

        public init(scalars: Int, weight: Double) {
            self.scalars = scalars
            self.weight = weight
        }
    }

    /// The widths are the sum of each part's widths times its weight (the weights sum to 1).
    public var parts: [Part]
    /// How many rows are laid out; the rows after them are measured (the columns ease to make
    /// room for them) but wait to be shown until the ease that brings them in is over. `nil`: all.
    public var shownRows: Int?

    public init(parts: [Part], shownRows: Int? = nil) {
        self.parts = parts
        self.shownRows = shownRows
    }

    /// Every cell measured whole on every frame, as it arrives.
    public static let eachFrame = TableSizing(parts: [Part(scalars: .max, weight: 1)])
}

/// What a client decided about one table cell when its row was first shown.
public struct CellDecision: Equatable, Sendable {
    /// Its own base direction: its first strong letter, else the table's ("60 days" in an
    /// Arabic table reads left to right).
    public var direction: WritingDirection
    /// Where its lines sit in the cell (`AlignmentPolicy.resolveCell`).
    public var alignment: ResolvedAlignment

    public init(direction: WritingDirection, alignment: ResolvedAlignment) {
        self.direction = direction
        self.alignment = alignment
    }
}

/// A box that shows some of a block's lines and scrolls inside itself: at most `maxLines`, from
/// `scrolled` pixels into the text (layout turns it into whole lines, and stops at the last ones).
public struct LineWindow: Equatable, Sendable {
    public var maxLines: Int
    public var scrolled: Double

    public init(maxLines: Int, scrolled: Double) {
        self.maxLines = maxLines
        self.scrolled = scrolled
    }
}

/// A block as the client shows it this frame, with its decisions.
public struct DecidedBlock: Sendable {
    /// The block as parsed from the revealed text.
    public var block: Block
    public var decision: BlockDecision

    public init(block: Block, decision: BlockDecision) {
        self.block = block
        self.decision = decision
    }
}

/// The document as the client shows it this frame. Only what may have changed is listed, so the
/// work per frame follows the change, not the document's length.
public struct DocumentDecisions: Sendable {
    /// Blocks before this index are exactly as they were on the last frame.
    public var unchangedCount: Int
    /// The blocks from `unchangedCount` on, in order (a notice, when there is one, last).
    public var changed: [DecidedBlock]
    /// How many rows sit above the first block ("Thought for 4s", then a card per tool call
    /// made before the answer): the document keeps room for them. Decided with the first block
    /// and kept, so nothing shown moves.
    public var leadingRows: Int

    public var blockCount: Int { unchangedCount + changed.count }

    public init(unchangedCount: Int, changed: [DecidedBlock], leadingRows: Int = 0) {
        self.unchangedCount = unchangedCount
        self.changed = changed
        self.leadingRows = leadingRows
    }
}

/// What is drawn over or beside the document, as the client decided it this frame.
public struct Overlays: Equatable, Sendable {
    /// In drawing order: typing indicator, the composer band's pill, the stop button.
    public var items: [Overlay]
    /// The block that is receiving text, when the caret shows.
    public var caretBlockId: Int?
    /// The caret's opacity: 1, or less while a blinking caret is off.
    public var caretOpacity: Double
    /// The language the labels speak (the request's before the answer's is decided, then the response's).
    public var language: AppLanguage
    /// The side labels start from and the direction their words run: decided with `language`,
    /// so layout places them as told.
    public var direction: WritingDirection

    public init(
        items: [Overlay] = [], caretBlockId: Int? = nil, caretOpacity: Double = 1, language: AppLanguage = .english,
        direction: WritingDirection? = nil
    ) {
        self.items = items
        self.caretBlockId = caretBlockId
        self.caretOpacity = caretOpacity
        self.language = language
        self.direction = direction ?? language.direction
    }

    /// The dots before the first character.
    public var typingIndicator: Bool { items.contains { $0.kind == .typingIndicator && $0.text == nil } }
    /// The reconnecting pill is up.
    public var reconnecting: Bool { items.contains { $0.kind == .reconnecting } }
    /// A pill or the stop button sits in the composer's band: the newest line stays above it.
    public var occupiesBand: Bool { items.contains { Overlay.Kind.bandPriority.contains($0.kind) || $0.kind == .stopButton } }
}

/// A frame's decisions about the text: made by the client model before layout.
public struct ContentDecisions: Sendable {
    /// The frame time.
    public var timeMs: Double
    /// Characters (Unicode scalars) shown.
    public var revealedChars: Int
    /// Characters arrived but not shown.
    public var bufferedChars: Int
    /// Buffered characters up to the last word boundary: what the buffer could show.
    public var pendingChars: Int
    /// Decided before the first character is shown; nil until then.
    public var responseDirection: WritingDirection?
    /// The stream has finished (done, error, or its end).
    public var streamEnded: Bool
    /// Everything that arrived is shown and nothing more will come.
    public var allRevealed: Bool
    /// The blocks that changed since the last frame; nil when the document did not change
    /// (nothing has been shown yet, or a client that decided nothing new).
    public var document: DocumentDecisions?
    public var overlays: Overlays
    /// Whether the conversation is on screen (the reader's doing).
    public var appState: AppState
    /// The decisions a client trace supplied (text, direction, textAlign, lineHeight, scroll,
    /// overlays, ending), when a trace decides; nil when Streamshot's client does.
    public var traced: [String]?
    /// Reasoning and tool events arrived so far (the manifest's `activity`).
    public var activityEvents = 0

    public init(
        timeMs: Double, revealedChars: Int, bufferedChars: Int, pendingChars: Int,
        responseDirection: WritingDirection?, streamEnded: Bool, allRevealed: Bool,
        document: DocumentDecisions?, overlays: Overlays, appState: AppState = .active, traced: [String]? = nil
    ) {
        self.timeMs = timeMs
        self.revealedChars = revealedChars
        self.bufferedChars = bufferedChars
        self.pendingChars = pendingChars
        self.responseDirection = responseDirection
        self.streamEnded = streamEnded
        self.allRevealed = allRevealed
        self.document = document
        self.overlays = overlays
        self.appState = appState
        self.traced = traced
    }
}

/// A frame's decisions about the view: made by the client model once layout has measured the
/// document, as a scroll view does.
public struct ViewDecisions: Equatable, Sendable {
    /// How far the document is scrolled, in whole device pixels: a scroll view snaps its offset
    /// to the pixel grid, as browsers do, so text never lands between two rows of pixels and a
    /// scrolled frame is the previous one moved by whole rows (see `devicePixel`).
    public var scroll: Double
    /// The blocks in view (indices into the document), and each one's opacity.
    public var visible: Range<Int>
    public var opacities: [Double]
    /// Nothing is moving any more: text, fades and scroll are all at rest.
    public var settled: Bool
    /// The view follows the content's end (the reader has not scrolled up, and is not on the
    /// way back down a smooth scroll they asked for): once the content outgrows the viewport,
    /// nothing shown may run past the bottom edge.
    public var pinned: Bool
    /// Overlays that depend on the view (the new-content pill while the reader is scrolled up),
    /// drawn after the content's.
    public var overlays: [Overlay]

    public init(scroll: Double, visible: Range<Int>, opacities: [Double], settled: Bool, pinned: Bool, overlays: [Overlay] = []) {
        self.scroll = scroll
        self.pinned = pinned
        self.overlays = overlays
        self.visible = visible
        self.opacities = opacities
        self.settled = settled
    }
}

extension Double {
    /// The nearest whole device pixel: where a scroll view puts an offset that eases in fractions.
    var devicePixel: Double { rounded() }
}

/// What the view needs to know of the laid-out document, as a scroll view knows its content.
public protocol ScrollContent {
    /// The document's height: its blocks, the padding above them and the bottom inset below.
    var contentHeight: Double { get }
    /// The space kept below the last block (a phone's composer), in pixels: the part of
    /// `contentHeight` the newest line may sink into while a scroll eases, never past.
    var bottomInset: Double { get }
    /// The bottom band of the view that status overlays occupy (the reconnecting pill sits in
    /// the inset), in pixels: the newest line never sinks into it, so no overlay covers it.
    var overlayBand: Double { get }
    /// The body text's size, in pixels: a line's pitch is a multiple of it.
    var bodySize: Double { get }
    /// How far the block (a table wider than the column) can scroll sideways, in pixels; 0 if it cannot.
    func sidewaysRoom(ofBlock id: Int) -> Double
    /// How far the block's box (a `LineWindow`) can scroll inside itself, in pixels; 0 if it cannot.
    func innerRoom(ofBlock id: Int) -> Double
    /// Indices of the blocks that intersect `[top, bottom)`.
    func visibleRange(top: Double, bottom: Double) -> Range<Int>
    /// The id of the block at `index`.
    func blockId(at index: Int) -> Int
}

extension ScrollContent {
    public var overlayBand: Double { 0 }
    /// Unknown: the pinned view's step is not bounded by a line's pitch.
    public var bodySize: Double { .infinity }
    public func sidewaysRoom(ofBlock id: Int) -> Double { 0 }
    public func innerRoom(ofBlock id: Int) -> Double { 0 }
}
