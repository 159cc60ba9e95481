import Foundation

/// `streamshot merge`: shards of one render joined into the render a single machine would have
/// written — its frames and a manifest byte-identical to an unsharded render with the same
/// options (with `--repeats distinct`, every frame's bytes are the same, but each shard's first
/// frame is a file of its own where the whole render named the file it repeats). It refuses, naming the folder and the problem, a folder that is not a finished
/// shard, shards of different inputs or options, and missing or repeated shards.
public enum ShardMerge {
    /// What a merge wrote.
    public struct Result: Sendable {
        public var frameCount: Int
        public var manifestPath: String
    }

    /// - Parameters:
    ///   - directories: the shards' render folders (`render --shard K/N`), in any order.
    ///   - output: the folder the whole render is written to.
    ///   - linkFrames: hard-link the frames instead of copying them (same file system).
    /// - Throws: `InputError` naming the shard folder and what is wrong; file errors.
    public static func merge(_ directories: [String], to output: String, linkFrames: Bool = false) throws -> Result {
        let shards = try directories.map(Shard.init(directory:))
        let ordered = try validate(shards)
        let written = try RenderOutput(directory: output)
        // Frame records pass through one at a time: a merge holds no shard's frames.
        for shard in ordered {
            try shard.file.forEachFrame { frame in
                try written.take(frame, from: shard.directory, link: linkFrames)
                try written.append(frame)
            }
        }
        try written.finish(ordered[0].render)
        return Result(frameCount: written.frameCount, manifestPath: written.manifestPath)
    }

    /// One shard's folder, read: its manifest and its record.
    private struct Shard {
        let directory: String
        let file: ManifestFile
        let record: Manifest.ShardRecord

        init(directory: String) throws {
            let path = (directory as NSString).appendingPathComponent("manifest.json")
            guard FileManager.default.fileExists(atPath: path) else {
                throw InputError("\(directory): no manifest.json: not a finished shard (a shard writes it last, so one stopped midway has none)")
            }
            file = try ManifestFile(path: path)
            guard let record = file.header.shard else {
                throw InputError("\(directory): not a shard: its manifest has no shard record (render it with --shard K/N)")
            }
            self.directory = directory
            self.record = record
            try file.forEachFrame { frame in
                guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(frame.file)) else {
                    throw InputError("\(directory): \(frame.file) is missing: the shard's folder is incomplete")
                }
            }
        }

        /// The render it is part of: everything but its frames and record.
        var render: Manifest {
            var whole = file.header
            whole.shard = nil
            return whole
        }

        var name: String { "\(directory) (shard \(record.index)/\(record.count))" }
    }

    /// The shards in order, once each checked to be all the parts of one render.
    private static func validate(_ shards: [Shard]) throws -> [Shard] {
        guard let first = shards.first else { throw InputError("merge: no shard folders given") }
        for shard in shards.dropFirst() {
            if shard.record.input != first.record.input {
                throw InputError("\(shard.name): a different input than \(first.name) (\(shard.record.input) vs \(first.record.input))")
            }
            if shard.record.count != first.record.count || shard.record.totalFrames != first.record.totalFrames || shard.render != first.render {
                throw InputError(
                    "\(shard.name): the same input with different options than \(first.name) (\(differences(shard.render, first.render)))")
            }
        }
        var byIndex: [Int: Shard] = [:]
        for shard in shards {
            if let earlier = byIndex[shard.record.index] {
                throw InputError("shard \(shard.record.index)/\(shard.record.count) is given twice: \(earlier.directory) and \(shard.directory)")
            }
            byIndex[shard.record.index] = shard
        }
        let missing = (1...first.record.count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw InputError(
                "shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(first.record.count) missing: "
                    + "every shard's folder is needed")
        }
        let ordered = (1...first.record.count).map { byIndex[$0]! }
        var next = 0
        for shard in ordered {
            guard shard.record.firstFrame == next else {
                throw InputError("\(shard.name): starts at frame \(shard.record.firstFrame), expected \(next): the shards do not fit together")
            }
            next += shard.file.frameCount
        }
        guard next == first.record.totalFrames else {
            throw InputError("the shards hold \(next) frames of \(first.record.totalFrames): the shards do not fit together")
        }
        return ordered
    }

    /// What tells two renders apart, for the message: the options that differ, or the viewport.
    private static func differences(_ a: Manifest, _ b: Manifest) -> String {
        let differences = a.options.differences(from: b.options)
        if !differences.isEmpty { return differences.joined(separator: ", ") }
        if a.viewport != b.viewport { return "viewport \(a.viewport.width)x\(a.viewport.height) vs \(b.viewport.width)x\(b.viewport.height)" }
        return "their frames differ"
    }
}
