import Foundation

/// What a shard wrote.
public struct ShardResult: Sendable {
    public var shard: ShardSpec
    /// The frames this shard holds, of the whole render's.
    public var frames: Range<Int>
    public var totalFrames: Int
    public var manifestPath: String
}

extension RenderJob {
    /// Renders shard `shard` of this job into `directory`: its frames as a whole render names
    /// them (`frames/000412.png`…) and a manifest of those frames with a `shard` record, written
    /// last and atomically, so a shard killed midway leaves no manifest and `merge` refuses it.
    /// Every shard plans alike: it runs the client model and layout over the whole stream
    /// without painting (the cheap part), splits the frames by `ShardPlanner`, then runs again
    /// painting and encoding only its own range. A retried shard writes the same bytes.
    /// - Parameters:
    ///   - directory: the shard's render folder (created; stale frames in it are removed).
    ///   - shard: which shard of how many.
    ///   - repeats: how a frame that repeats the one before is written, as in a whole render; the
    ///     shard's first frame is always a file of its own (the frame it repeats is another
    ///     shard's), so a shard's folder holds every file its manifest names.
    /// - Throws: `InputError` for a live input (its end is not known) or a bad input; file errors.
    public func render(to directory: String, shard: ShardSpec, repeats: RepeatedFrames = .written) throws -> ShardResult {
        if case .live = input { throw InputError("--shard: a live session cannot be sharded (its frames are not known ahead)") }
        let transcript = try self.transcript()
        let renderer = try self.renderer()
        let costs = try renderer.render(transcript, options: options, into: FrameCosts())
        let range = ShardPlanner.ranges(costs: costs, count: shard.count)[shard.index - 1]
        let record = Manifest.ShardRecord(
            index: shard.index, count: shard.count, firstFrame: range.lowerBound,
            totalFrames: costs.count, input: Self.fingerprint(try inputBytes()))
        return try renderer.render(
            transcript, options: options,
            into: ShardFiles(
                directory: directory, shard: shard, frames: range,
                record: record, repeats: repeats))
    }

    /// The input's bytes, as the fingerprint sees them (a transcript by its description).
    private func inputBytes() throws -> [UInt8] {
        switch input {
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { throw InputError("\(path): cannot read the file") }
            return [UInt8](data)
        case .text(let text): return Array(text.utf8)
        case .transcript(let transcript): return Array(String(reflecting: transcript).utf8)
        case .live(let live): return live.bytesSoFar
        }
    }

    /// FNV-1a 64 over every byte: `fnv1a64:` and 16 hex digits.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
