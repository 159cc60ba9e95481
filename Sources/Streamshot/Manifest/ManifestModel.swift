import Foundation

/// The manifest as values: what `render` writes, what `check`, the testing library and the
/// review tools read. Field names are the JSON keys (see README, "The manifest").
public struct Manifest: Codable, Equatable, Sendable {
    public struct Viewport: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var scale: Double
    }

    /// A block as it ended up: its text once.
    public struct Block: Codable, Equatable, Sendable {
        public var id: Int
        public var kind: String
        public var direction: String
        public var shownAtMs: Double
        public var level: Int?
        public var ordered: Bool?
        public var depth: Int?
        public var language: String?
        public var text: String
    }

    public var version: Int
    public var viewport: Viewport
    public var fps: Double
    /// The response's direction, nil when nothing was shown.
    public var direction: String?
    public var options: [String: String]
    public var format: String?
    public var skipped: [String: Int]
    public var warnings: [RenderWarning]
    /// Everything that arrived, once (detectors check reveal positions against it).
    public var text: String
    public var blocks: [Block]
    public var frames: [Frame]

    /// Reads a render's `manifest.json`.
    /// - Throws: `InputError` naming the file and the JSON problem.
    public static func read(from path: String) throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(path): cannot read the manifest")
        }
        do {
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw InputError("\(path): not a Streamshot manifest (\(error))")
        }
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
    }

    public struct Block: Codable, Equatable, Sendable {
        public var id: Int
        public var kind: String
        public var direction: String
        /// The resolved physical alignment: left, right, center or justify.
        public var align: String
        public var opacity: Double
        public var fontSize: Double
        public var linePitch: Double
        /// The block's box on this frame.
        public var top: Double
        public var height: Double
        /// The highest and lowest inked pixel of the block's text on this frame.
        public var inkTop: Double
        public var inkBottom: Double
        public var lines: [Line]
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
    public var typingIndicator: Bool
    /// The response's direction once decided.
    public var direction: String?
    /// The stream has finished (done, error, or its end).
    public var ended: Bool
    public var reconnecting: Bool
    public var caret: Caret?
    public var blocks: [Block]
    /// What this frame cost, per stage, in milliseconds (only when profiled).
    public var costMs: [String: Double]?
}
