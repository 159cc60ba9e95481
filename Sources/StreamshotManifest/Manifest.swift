import Foundation
import StreamshotOptions
public import StreamshotStyle

/// The manifest as values: what `render` writes, what `check`, the testing library and the
/// review tools read. Field names are the JSON keys (see docs/manifest.md).
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
        public var kind: BlockKindName
        public var direction: WritingDirection
        public var shownAtMs: Double
        public var level: Int?
        public var language: String?
        /// The list items and quotes the block sits in, outermost first (absent when none).
        public var containers: [Container]?
        /// Its text as last shown. A frame's lines index the text the block showed on that frame:
        /// this, or one of `earlier`.
        public var text: String
        /// The texts the block showed before something that arrived later rewrote them, oldest
        /// first (absent when its text only grew): a link reference definition arriving after
        /// the paragraph that uses it turns `[article 4][a4]` into the link's text.
        public var earlier: [EarlierText]?
        /// Its typeset formulas, in text order (absent when none).
        public var formulas: [Formula]?
        /// Its citation chips, in text order (absent when none).
        public var chips: [Chip]?
        /// A picture block's pictures, top to bottom (absent for any other block).
        public var pictures: [Picture]?

        public init(
            id: Int, kind: BlockKindName, direction: WritingDirection, shownAtMs: Double, level: Int? = nil,
            language: String? = nil, containers: [Container]? = nil, text: String, earlier: [EarlierText]? = nil
        ) {
            self.id = id
            self.kind = kind
            self.direction = direction
            self.shownAtMs = shownAtMs
            self.level = level
            self.language = language
            self.containers = containers
            self.text = text
            self.earlier = earlier
        }

        /// The text the block showed on frame `index`: what its lines there index.
        public func text(atFrame index: Int) -> String {
            earlier?.first { index <= $0.throughFrame }?.text ?? text
        }

        /// Which of its texts frame `index` showed: an index into `earlier`, or `earlier`'s count for `text`.
        public func textVersion(atFrame index: Int) -> Int {
            earlier?.firstIndex { index <= $0.throughFrame } ?? earlier?.count ?? 0
        }
    }

    /// A text a block showed up to and including frame `throughFrame`, before a rewrite.
    public struct EarlierText: Codable, Equatable, Sendable {
        public var throughFrame: Int
        public var text: String

        public init(throughFrame: Int, text: String) {
            self.throughFrame = throughFrame
            self.text = text
        }
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

        public init(
            kind: Kind, id: Int, depth: Int? = nil, ordered: Bool? = nil, number: Int? = nil,
            checked: Bool? = nil
        ) {
            self.kind = kind
            self.id = id
            self.depth = depth
            self.ordered = ordered
            self.number = number
            self.checked = checked
        }
    }

    /// The manifest format's version: it changes when the format does.
    /// 2: blocks sit in containers (`blocks[].containers`); list items and quotes are no longer block kinds.
    /// 3: options are typed (`ManifestOptions`): `timeout` an object, `seed` a number, `boldText` a bool.
    /// 4: a block recorded as in the frame before is written `{"id":3,"same":true}`; a table wider than
    ///    its column lists the cells and lines of the columns in view only (lines then with their
    ///    `index`), and every table its `columns`.
    public static let currentVersion = 4
    /// The versions this Streamshot reads: version 2's options are read from their strings.
    public static let readableVersions = 2...4

    public var version: Int
    public var viewport: Viewport
    public var fps: Double
    /// The response's direction, nil when nothing was shown.
    public var direction: WritingDirection?
    public var options: ManifestOptions
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
    /// The sources the answer cited, by number, and each citation chip shown (absent when none).
    public var sources: [Source]? = nil
    public var citations: [Citation]? = nil
    /// Present in a shard's manifest only (`render --shard K/N`): which frames it holds, of
    /// which render. `merge` joins the shards and drops it.
    public var shard: ShardRecord? = nil

    /// A shard's part of a render: frames `firstFrame ..< firstFrame + frames.count` of
    /// `totalFrames`, of the input whose bytes hash to `input`.
    public struct ShardRecord: Codable, Equatable, Sendable {
        /// The most shards a render is split into.
        public static let maxCount = 10_000

        public var index: Int
        public var count: Int
        public var firstFrame: Int
        public var totalFrames: Int
        /// FNV-1a 64 of the input's bytes, `fnv1a64:` and 16 hex digits: shards of different
        /// inputs are never merged.
        public var input: String

        public init(index: Int, count: Int, firstFrame: Int, totalFrames: Int, input: String) {
            self.index = index
            self.count = count
            self.firstFrame = firstFrame
            self.totalFrames = totalFrames
            self.input = input
        }
    }

    /// One thing the reader did: a scroll (`by`, in points, negative up), a table dragged sideways
    /// (`by`, positive toward its end), a tap, stop, background...
    public struct Interaction: Codable, Equatable, Sendable {
        public var timeMs: Double
        public var action: String
        public var by: Double?
        /// What an `expand` opened (`reasoning`).
        public var target: String?

        public init(timeMs: Double, action: String, by: Double? = nil, target: String? = nil) {
            self.timeMs = timeMs
            self.action = action
            self.by = by
            self.target = target
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

    public init(
        version: Int, viewport: Viewport, fps: Double, direction: WritingDirection? = nil,
        options: ManifestOptions, format: String? = nil, skipped: [String: Int], warnings: [RenderWarning],
        text: String, blocks: [Block], frames: [Frame], ending: Ending? = nil,
        interactions: [Interaction]? = nil, shard: ShardRecord? = nil
    ) {
        self.version = version
        self.viewport = viewport
        self.fps = fps
        self.direction = direction
        self.options = options
        self.format = format
        self.skipped = skipped
        self.warnings = warnings
        self.text = text
        self.blocks = blocks
        self.frames = frames
        self.ending = ending
        self.interactions = interactions
        self.shard = shard
    }
}

extension Manifest {
    enum CodingKeys: String, CodingKey {
        case version, viewport, fps, direction, options, format, skipped, warnings, text, blocks, frames, ending, interactions, shard
        case sources, citations
    }

    /// Decoded by any `JSONDecoder`: the frames in order, each block a frame repeats (version 4's
    /// `{"id":3,"same":true}`) the frame before's record again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        viewport = try container.decode(Viewport.self, forKey: .viewport)
        fps = try container.decode(Double.self, forKey: .fps)
        direction = try container.decodeIfPresent(WritingDirection.self, forKey: .direction)
        options = try container.decode(ManifestOptions.self, forKey: .options)
        format = try container.decodeIfPresent(String.self, forKey: .format)
        skipped = try container.decode([String: Int].self, forKey: .skipped)
        warnings = try container.decode([RenderWarning].self, forKey: .warnings)
        text = try container.decode(String.self, forKey: .text)
        blocks = try container.decode([Block].self, forKey: .blocks)
        ending = try container.decodeIfPresent(Ending.self, forKey: .ending)
        interactions = try container.decodeIfPresent([Interaction].self, forKey: .interactions)
        shard = try container.decodeIfPresent(ShardRecord.self, forKey: .shard)
        sources = try container.decodeIfPresent([Source].self, forKey: .sources)
        citations = try container.decodeIfPresent([Citation].self, forKey: .citations)
        let previous = decoder.userInfo[PreviousBlocks.key] as? PreviousBlocks ?? PreviousBlocks()
        var list = try container.nestedUnkeyedContainer(forKey: .frames)
        frames = []
        while !list.isAtEnd { frames.append(try Frame(from: try list.superDecoder(), previous: previous)) }
    }

    /// The fields in a fixed order, the frames last (`jsonText()` writes them one at a time).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(viewport, forKey: .viewport)
        try container.encode(fps, forKey: .fps)
        try container.encode(direction, forKey: .direction)  // null until decided, never left out
        try container.encodeIfPresent(ending, forKey: .ending)
        try container.encodeIfPresent(interactions, forKey: .interactions)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encode(options, forKey: .options)
        try container.encode(format, forKey: .format)
        try container.encode(SortedKeys(skipped), forKey: .skipped)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(sources, forKey: .sources)
        try container.encodeIfPresent(citations, forKey: .citations)
        try container.encode(blocks, forKey: .blocks)
        try container.encode(frames, forKey: .frames)
    }
}
