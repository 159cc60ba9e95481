import ArgumentParser
import Streamshot

extension StreamshotCommand {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the shards of one render (`render --shard K/N`) into the render one machine would write: frames and a manifest "
                + "byte-identical to it.")

        @Argument(help: "Every shard's folder, in any order.")
        var shardDirectories: [String]

        @Option(name: .shortAndLong, help: "Output folder.")
        var out: String

        @Flag(name: .customLong("link-frames"), help: "Hard-link the frames instead of copying them (the shards and OUT on one file system).")
        var linkFrames = false

        func validate() throws {
            try requireOutputFolder(out)
            guard !shardDirectories.isEmpty else { throw ValidationError("give every shard's folder") }
        }

        func run() throws {
            let result = try ShardMerge.merge(shardDirectories, to: out, linkFrames: linkFrames)
            print("\(shardDirectories.count) shards, \(result.frameCount) frames -> \(result.manifestPath)")
        }
    }
}
