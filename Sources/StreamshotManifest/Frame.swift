import Foundation
public import StreamshotStyle

/// One frame: what is where. Positions in frame pixels.
public struct Frame: Codable, Equatable, Sendable {
    public struct Line: Codable, Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var baseline: Double
        /// The characters it shows, `start ..< end` in Unicode scalars of its block's `text` (a
        /// table's: cells joined by tabs; absent in manifests written before it was recorded).
        public var start: Int?
        public var end: Int?
        /// Its highest and lowest inked pixel (absent when it has no ink, and in manifests
        /// written before it was recorded).
        public var inkTop: Double?
        public var inkBottom: Double?
        /// Its index among the block's lines, present only when the lines listed are not one run
        /// (a table wider than its column leaves out the lines of columns out of view).
        public var index: Int?

        public init(
            x: Double, y: Double, width: Double, height: Double, baseline: Double, start: Int? = nil,
            end: Int? = nil, inkTop: Double? = nil, inkBottom: Double? = nil, index: Int? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.baseline = baseline
            self.start = start
            self.end = end
            self.inkTop = inkTop
            self.inkBottom = inkBottom
            self.index = index
        }
    }

    public struct Block: Codable, Equatable, Sendable {
        public var id: Int
        public var kind: BlockKindName
        public var direction: WritingDirection
        /// The resolved physical alignment.
        public var align: PhysicalAlignment
        public var opacity: Double
        public var fontSize: Double
        public var linePitch: Double
        /// The block's box on this frame.
        public var top: Double
        public var height: Double
        /// The highest and lowest inked pixel of the block's text on this frame.
        public var inkTop: Double
        public var inkBottom: Double
        /// Its lines, top to bottom; of a block taller than the frame, only those on the frame
        /// (`firstLine` and `lineCount` say which), so a frame's record stays the size of what a
        /// frame can show.
        public var lines: [Line]
        /// The index of `lines[0]` among the block's lines, when lines above it are left out.
        public var firstLine: Int?
        /// How many lines the block has, when some are left out.
        public var lineCount: Int?
        /// A list item's first block: where its marker is, and on which side of the text.
        public var marker: Marker?
        /// The bars of the quotes the block sits in, outermost first (absent when none).
        public var quoteBars: [QuoteBar]? = nil
        /// Tables: every cell's box and its text's base direction, row by row (of a table taller
        /// than the frame, the cells on the frame, as for `lines`).
        public var cells: [Cell]?
        /// Tables: how many columns it has (version 4: a table wider than its column lists only
        /// the cells and lines of the columns in view, so the cells alone no longer say).
        public var columns: Int?
        /// A table wider than its column, which scrolls sideways: its whole width in pixels. The
        /// frame shows the part `tableScroll` in from its start edge, cut at the column's edges
        /// (`cells` give every column's box, those out of view included).
        public var tableWidth: Double?
        /// How far a reader has scrolled the table sideways from its start edge, in pixels
        /// (absent at its start): the window shown is `tableScroll` to `tableScroll` plus the column's width.
        public var tableScroll: Double?
        /// True while its last line is being typed and held at the start edge (absent otherwise):
        /// when it goes, that line settles at the block's alignment.
        public var growing: Bool?
        /// A box that shows some of the block's lines and scrolls inside itself (the opened
        /// reasoning): how many lines lie above and below those shown, each edge with more beyond
        /// it under a fade over its line; absent for every other block.
        public var hiddenLines: HiddenLines?

        public init(
            id: Int, kind: BlockKindName, direction: WritingDirection, align: PhysicalAlignment, opacity: Double,
            fontSize: Double, linePitch: Double, top: Double, height: Double, inkTop: Double, inkBottom: Double,
            lines: [Line], firstLine: Int? = nil, lineCount: Int? = nil, marker: Marker? = nil,
            quoteBars: [QuoteBar]? = nil, cells: [Cell]? = nil, columns: Int? = nil, tableWidth: Double? = nil,
            tableScroll: Double? = nil, growing: Bool? = nil, hiddenLines: HiddenLines? = nil
        ) {
            self.id = id
            self.kind = kind
            self.direction = direction
            self.align = align
            self.opacity = opacity
            self.fontSize = fontSize
            self.linePitch = linePitch
            self.top = top
            self.height = height
            self.inkTop = inkTop
            self.inkBottom = inkBottom
            self.lines = lines
            self.firstLine = firstLine
            self.lineCount = lineCount
            self.marker = marker
            self.quoteBars = quoteBars
            self.cells = cells
            self.columns = columns
            self.tableWidth = tableWidth
            self.tableScroll = tableScroll
            self.growing = growing
            self.hiddenLines = hiddenLines
        }
    }

    public struct Marker: Codable, Equatable, Sendable {
        public var x: Double
        public var width: Double
        public var side: LineAlignment

        public init(x: Double, width: Double, side: LineAlignment) {
            self.x = x
            self.width = width
            self.side = side
        }
    }

    /// The lines a box that scrolls inside itself does not show, above and below those it does.
    public struct HiddenLines: Codable, Equatable, Sendable {
        public var above: Int
        public var below: Int

        public init(above: Int, below: Int) {
            self.above = above
            self.below = below
        }
    }

    /// A block quote's bar beside a block: its left edge and width on the frame.
    public struct QuoteBar: Codable, Equatable, Sendable {
        public var x: Double
        public var width: Double

        public init(x: Double, width: Double) {
            self.x = x
            self.width = width
        }
    }

    public struct Cell: Codable, Equatable, Sendable {
        public var row: Int
        public var column: Int
        public var direction: WritingDirection
        /// Where the cell's lines sit (absent in manifests written before it was reported).
        public var align: PhysicalAlignment?
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(
            row: Int, column: Int, direction: WritingDirection, align: PhysicalAlignment? = nil, x: Double,
            y: Double, width: Double, height: Double
        ) {
            self.row = row
            self.column = column
            self.direction = direction
            self.align = align
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Something drawn over or beside the text (a pill, a button, the typing indicator, an
    /// ending's notice), with its box on this frame.
    public struct Overlay: Codable, Equatable, Sendable {
        public var kind: OverlayKind
        /// Its words (a button's label), in the app's language; absent for the dots.
        public var text: String?
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// A typing caption drawn with a spinner at its start; absent: without.
        public var spinner: Bool?
        /// Drawn in the warning colour (a token budget under 20%); absent otherwise.
        public var warning: Bool?
        /// A row the reader opened (the "Thought for" row, its reasoning shown below it); absent otherwise.
        public var expanded: Bool?

        public init(
            kind: OverlayKind, text: String? = nil, x: Double, y: Double, width: Double, height: Double,
            spinner: Bool? = nil, warning: Bool? = nil, expanded: Bool? = nil
        ) {
            self.kind = kind
            self.text = text
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.spinner = spinner
            self.warning = warning
            self.expanded = expanded
        }
    }

    public struct Caret: Codable, Equatable, Sendable {
        public var blockId: Int
        public var x: Double
        public var y: Double
        public var height: Double

        public init(blockId: Int, x: Double, y: Double, height: Double) {
            self.blockId = blockId
            self.x = x
            self.y = y
            self.height = height
        }
    }

    public var index: Int
    public var timeMs: Double
    public var file: String
    public var revealedChars: Int
    public var bufferedChars: Int
    /// Buffered characters that could be shown without splitting a word (what the display
    /// buffer is holding back, not what is still incomplete).
    public var pendingChars: Int
    public var scroll: Double
    /// The view follows the content's end, so ink past the bottom edge is cut off, not waiting to
    /// be scrolled to (absent in manifests written before it was recorded).
    public var pinned: Bool?
    public var typingIndicator: Bool
    /// The response's direction once decided.
    public var direction: WritingDirection?
    /// The stream has finished (done, error, or its end).
    public var ended: Bool
    public var reconnecting: Bool
    public var caret: Caret?
    /// What this frame cost, per stage, in milliseconds (only when profiled).
    public var costMs: [Stage: Double]?
    public var blocks: [Block]
    /// What is drawn over or beside the text, in drawing order (absent in manifests written before it was recorded).
    public var overlays: [Overlay]? = nil
    /// Whether the conversation is on screen: absent while it is (`active`), else `background` or `away`.
    public var app: AppState? = nil
    /// When a client trace decides: the decisions it has supplied by this frame (`text`,
    /// `direction`, `textAlign`, `lineHeight`, `scroll`, `overlays`, `ending`); the rest are defaults.
    public var traced: [String]? = nil
    /// Reasoning and tool events arrived by this frame (absent while none has): the model at
    /// work with no text to show, a sign of life for a judge of hung streams.
    public var activity: Int? = nil

    public init(
        index: Int, timeMs: Double, file: String, revealedChars: Int, bufferedChars: Int, pendingChars: Int,
        scroll: Double, pinned: Bool? = nil, typingIndicator: Bool, direction: WritingDirection? = nil,
        ended: Bool, reconnecting: Bool, caret: Caret? = nil, costMs: [Stage: Double]? = nil, blocks: [Block],
        overlays: [Overlay]? = nil, app: AppState? = nil, traced: [String]? = nil, activity: Int? = nil
    ) {
        self.index = index
        self.timeMs = timeMs
        self.file = file
        self.revealedChars = revealedChars
        self.bufferedChars = bufferedChars
        self.pendingChars = pendingChars
        self.scroll = scroll
        self.pinned = pinned
        self.typingIndicator = typingIndicator
        self.direction = direction
        self.ended = ended
        self.reconnecting = reconnecting
        self.caret = caret
        self.costMs = costMs
        self.blocks = blocks
        self.overlays = overlays
        self.app = app
        self.traced = traced
        self.activity = activity
    }
}

extension Frame {
    enum CodingKeys: String, CodingKey {
        case index, timeMs, file, revealedChars, bufferedChars, pendingChars, scroll, pinned, typingIndicator, direction, ended,
            reconnecting, caret, costMs, blocks, overlays, app, traced, activity
    }

    /// A frame alone; a block it repeats from the frame before (version 4's `"same"`) is found
    /// through the decoder's `PreviousBlocks`, when it carries one (`PreviousBlocks.decoder()`).
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, previous: decoder.userInfo[PreviousBlocks.key] as? PreviousBlocks)
    }

    /// A frame of a manifest read in order: `previous` holds the frame before's block records.
    init(from decoder: any Decoder, previous: PreviousBlocks?) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        timeMs = try container.decode(Double.self, forKey: .timeMs)
        file = try container.decode(String.self, forKey: .file)
        revealedChars = try container.decode(Int.self, forKey: .revealedChars)
        bufferedChars = try container.decode(Int.self, forKey: .bufferedChars)
        pendingChars = try container.decode(Int.self, forKey: .pendingChars)
        scroll = try container.decode(Double.self, forKey: .scroll)
        pinned = try container.decodeIfPresent(Bool.self, forKey: .pinned)
        typingIndicator = try container.decode(Bool.self, forKey: .typingIndicator)
        direction = try container.decodeIfPresent(WritingDirection.self, forKey: .direction)
        ended = try container.decode(Bool.self, forKey: .ended)
        reconnecting = try container.decode(Bool.self, forKey: .reconnecting)
        caret = try container.decodeIfPresent(Caret.self, forKey: .caret)
        costMs = try container.decodeIfPresent([Stage: Double].self, forKey: .costMs)
        blocks = try Self.decodeBlocks(container, previous: previous)
        overlays = try container.decodeIfPresent([Overlay].self, forKey: .overlays)
        app = try container.decodeIfPresent(AppState.self, forKey: .app)
        traced = try container.decodeIfPresent([String].self, forKey: .traced)
        activity = try container.decodeIfPresent(Int.self, forKey: .activity)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(timeMs, forKey: .timeMs)
        try container.encode(file, forKey: .file)
        try container.encode(revealedChars, forKey: .revealedChars)
        try container.encode(bufferedChars, forKey: .bufferedChars)
        try container.encode(pendingChars, forKey: .pendingChars)
        try container.encode(scroll, forKey: .scroll)
        try container.encodeIfPresent(pinned, forKey: .pinned)
        try container.encode(typingIndicator, forKey: .typingIndicator)
        try container.encode(direction, forKey: .direction)  // null until decided, never left out
        try container.encode(ended, forKey: .ended)
        try container.encode(reconnecting, forKey: .reconnecting)
        try container.encodeIfPresent(caret, forKey: .caret)
        if let costMs {
            try container.encode(SortedKeys(Dictionary(uniqueKeysWithValues: costMs.map { ($0.key.rawValue, $0.value) })), forKey: .costMs)
        }
        try container.encode(blocks, forKey: .blocks)
        try container.encodeIfPresent(overlays, forKey: .overlays)
        try container.encodeIfPresent(app, forKey: .app)
        try container.encodeIfPresent(traced, forKey: .traced)
        try container.encodeIfPresent(activity, forKey: .activity)
    }
}

extension Frame.Block {
    /// A table's column count: `columns` where recorded, else (before version 4, which listed
    /// every column's cells) the highest column listed plus one; nil for a block that is no table.
    public var tableColumns: Int? { columns ?? cells?.map(\.column).max().map { $0 + 1 } }

    /// The index of `lines[0]` among all the block's lines.
    public var firstLineIndex: Int { lines.first?.index ?? firstLine ?? 0 }
    /// How many lines the block has, listed or not.
    public var totalLines: Int { lineCount ?? lines.count }
    /// The index, among all the block's lines, of the line listed at `position` in `lines`.
    public func lineIndex(at position: Int) -> Int { lines[position].index ?? (firstLine ?? 0) + position }
    /// The indices, among all the block's lines, of the lines listed, in order.
    public var listedLineIndices: [Int] { lines.indices.map(lineIndex(at:)) }

    /// The line indices listed both here and in `other` (a record of the same block), in order.
    public func sharedLineIndices(with other: Frame.Block) -> [Int] {
        guard lines.first?.index != nil || other.lines.first?.index != nil else {
            // Both one run: the overlap of two ranges.
            let mine = (firstLine ?? 0)..<((firstLine ?? 0) + lines.count)
            let theirs = (other.firstLine ?? 0)..<((other.firstLine ?? 0) + other.lines.count)
            return Array(mine.clamped(to: theirs))
        }
        let theirs = Set(other.listedLineIndices)
        return listedLineIndices.filter(theirs.contains)
    }

    /// Line `index` (counting every line of the block), when it is listed.
    public func line(_ index: Int) -> Frame.Line? {
        guard lines.first?.index != nil else {
            let position = index - (firstLine ?? 0)
            return lines.indices.contains(position) ? lines[position] : nil
        }
        // Listed with their indices, in order: a binary search.
        var (low, high) = (0, lines.count)
        while low < high {
            let middle = (low + high) / 2
            if (lines[middle].index ?? 0) < index { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low].index == index ? lines[low] : nil
    }
}

extension Frame {
    /// A render's name for frame `index`'s PNG: `frames/000042.png` (six digits at least, as
    /// `%06d` writes them). Built by hand: `String(format:)` on every frame of a long render cost
    /// a test built for debugging a noticeable share of its time.
    public static func file(index: Int) -> String {
        let digits = String(index)
        return "frames/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }
}
