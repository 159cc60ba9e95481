import Foundation

/// The manifest as values: what `render` writes, what `check`, the testing library and the
/// review tools read. Field names are the JSON keys (see README, "The manifest").
public struct Manifest: Codable, Equatable, Sendable {
    public struct Viewport: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var scale: Double
        /// The device's safe area in pixels (absent without a device): the status bar's band at
        /// the top, the home indicator's at the bottom.
        public var safeArea: SafeArea?

        public init(width: Int, height: Int, scale: Double, safeArea: SafeArea? = nil) {
            self.width = width
            self.height = height
            self.scale = scale
            self.safeArea = safeArea
        }
    }

    /// A block as it ended up: its text once.
    public struct Block: Codable, Equatable, Sendable {
        public var id: Int
        public var kind: BlockKind.Name
        public var direction: WritingDirection
        public var shownAtMs: Double
        public var level: Int?
        public var language: String?
        /// The list items and quotes the block sits in, outermost first (absent when none).
        public var containers: [Container]?
        public var text: String
    }

    /// A list item or block quote a block sits in.
    public struct Container: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case listItem, blockQuote
        }

        public var kind: Kind
        /// Stable for the render; containers have their own id space.
        public var id: Int
        /// List items: how many list items contain this one.
        public var depth: Int?
        public var ordered: Bool?
        /// Ordered list items: the number shown.
        public var number: Int?
        /// Task list items: whether the box is checked.
        public var checked: Bool?
    }

    /// The manifest format's version: it changes when the format does.
    /// 2: blocks sit in containers (`blocks[].containers`); list items and quotes are no longer block kinds.
    public static let currentVersion = 2

    public var version: Int
    public var viewport: Viewport
    public var fps: Double
    /// The response's direction, nil when nothing was shown.
    public var direction: WritingDirection?
    public var options: [String: String]
    public var format: String?
    public var skipped: [String: Int]
    public var warnings: [RenderWarning]
    /// Everything that arrived, once (detectors check reveal positions against it).
    public var text: String
    public var blocks: [Block]
    public var frames: [Frame]
    /// How the stream ended, as the client showed it (absent in manifests written before it was recorded).
    public var ending: Ending? = nil
    /// What the reader did, in time order (absent when the render had no interactions).
    public var interactions: [Interaction]? = nil
    /// Present in a shard's manifest only (`render --shard K/N`): which frames it holds, of
    /// which render. `merge` joins the shards and drops it.
    public var shard: ShardRecord? = nil

    /// A shard's part of a render: frames `firstFrame ..< firstFrame + frames.count` of
    /// `totalFrames`, of the input whose bytes hash to `input`.
    public struct ShardRecord: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var firstFrame: Int
        public var totalFrames: Int
        /// FNV-1a 64 of the input's bytes, `fnv1a64:` and 16 hex digits: shards of different
        /// inputs are never merged.
        public var input: String
    }

    /// One thing the reader did: a scroll (`by`, in points, negative up), a table dragged sideways
    /// (`by`, positive toward its end), a tap, stop, background...
    public struct Interaction: Codable, Equatable, Sendable {
        public var timeMs: Double
        public var action: String
        public var by: Double?

        public init(_ action: ReaderAction) {
            timeMs = action.timeMs
            self.action = action.name
            if case .scroll(let by) = action.kind { self.by = by }
            if case .scrollTable(let by) = action.kind { self.by = by }
        }
    }

    /// Reads a render's `manifest.json` and checks its numbers (`decode(_:name:)`).
    /// - Throws: `InputError` naming the file, the field and the problem.
    public static func read(from path: String) throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot read the manifest")
        }
        return try decode(data, name: path)
    }
}

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
    }

    public struct Block: Codable, Equatable, Sendable {
        public var id: Int
        public var kind: BlockKind.Name
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
    }

    public struct Marker: Codable, Equatable, Sendable {
        public var x: Double
        public var width: Double
        public var side: PhysicalAlignment.Edge
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
    }

    /// Something drawn over or beside the text (a pill, a button, the typing indicator, an
    /// ending's notice), with its box on this frame.
    public struct Overlay: Codable, Equatable, Sendable {
        public var kind: Streamshot.Overlay.Kind
        /// Its words (a button's label), in the response's language; absent for the dots.
        public var text: String?
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// A typing caption drawn with a spinner at its start; absent: without.
        public var spinner: Bool?
        /// Drawn in the warning colour (a token budget under 20%); absent otherwise.
        public var warning: Bool?
    }

    public struct Caret: Codable, Equatable, Sendable {
        public var blockId: Int
        public var x: Double
        public var y: Double
        public var height: Double
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
}

/// How the manifest is written: the one Codable model through one encoder, with fixed key order,
/// numbers rounded to 1/100 pixel (opacities and costs to 1/1000), one block and one frame per
/// line so the file also reads as JSON Lines.
extension Manifest {
    /// The manifest as JSON text.
    public func jsonText() throws -> String {
        guard !frames.isEmpty else { return try JSONValueEncoder(places: Self.places).encode(self).linedText(itemPerLine: ["blocks", "frames"]) }
        // The frames, last in the file, are encoded one at a time after the rest: a long render
        // never holds its whole manifest as a tree of values, only as text.
        var header = self
        header.frames = []
        var text = try JSONValueEncoder(places: Self.places).encode(header).linedText(itemPerLine: ["blocks", "frames"])
        let emptyFrames = "\n]}\n"
        precondition(text.hasSuffix(emptyFrames), "the manifest's frames are its last field")
        text.removeLast(emptyFrames.count)
        for (index, frame) in frames.enumerated() {
            if index > 0 { text += ",\n" }
            text += try Self.jsonLine(frame)
        }
        return text + emptyFrames
    }

    /// One frame as a JSON line.
    public static func jsonLine(_ frame: Frame) throws -> String {
        try JSONValueEncoder(places: places).encode(frame).text()
    }

    @Sendable static func places(_ path: [any CodingKey]) -> Int {
        if path.last?.stringValue == "opacity" || path.contains(where: { $0.stringValue == "costMs" }) { return 3 }
        return 2
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(viewport, forKey: .viewport)
        try container.encode(fps, forKey: .fps)
        try container.encode(direction, forKey: .direction)  // null until decided, never left out
        try container.encodeIfPresent(ending, forKey: .ending)
        try container.encodeIfPresent(interactions, forKey: .interactions)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encode(SortedKeys(options), forKey: .options)
        try container.encode(format, forKey: .format)
        try container.encode(SortedKeys(skipped), forKey: .skipped)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(text, forKey: .text)
        try container.encode(blocks, forKey: .blocks)
        try container.encode(frames, forKey: .frames)
    }
}

extension Frame {
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
    /// The index of `lines[0]` among all the block's lines.
    public var firstLineIndex: Int { firstLine ?? 0 }
    /// How many lines the block has, listed or not.
    public var totalLines: Int { lineCount ?? lines.count }
    /// The indices, among all the block's lines, of the lines listed.
    public var listedLineIndices: Range<Int> { firstLineIndex..<(firstLineIndex + lines.count) }

    /// Line `index` (counting every line of the block), when it is listed.
    public func line(_ index: Int) -> Frame.Line? {
        listedLineIndices.contains(index) ? lines[index - firstLineIndex] : nil
    }
}
