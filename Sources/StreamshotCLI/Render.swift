import ArgumentParser
import Foundation
import Streamshot

extension StreamshotCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a stream on a virtual frame clock; write OUT/frames/NNNNNN.png and OUT/manifest.json.")

        @OptionGroup var source: InputOptions

        @Option(name: .shortAndLong, help: "Output folder (created; stale frames in it are removed).")
        var out: String

        @Option(
            help: ArgumentHelp(
                "How a frame that repeats the one before is written: written (its own file), hard-links (a hard link to that frame's "
                    + "file: same bytes, no new data on disk), distinct (no file: its record names that frame's file)."))
        var repeats: RepeatedFrames = .written

        @Flag(name: .customLong("link-repeats"), help: "The same as --repeats hard-links.")
        var linkRepeats = false

        @Option(
            help: ArgumentHelp(
                "Render only shard K of N (from 1): its frames and a partial manifest, for `streamshot merge`. Shards are contiguous "
                    + "frame ranges of equal cost, planned alike on every machine."))
        var shard: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Render one of N shards, its index from the scheduler: JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or "
                    + "AWS_BATCH_JOB_ARRAY_INDEX (from 0), or STREAMSHOT_SHARD (from 1)."))
        var shards: Int?

        func validate() throws {
            try requireOutputFolder(out)
            _ = try shardSpec()
        }

        /// The shard asked for, by `--shard` or by `--shards` and the scheduler's variable; nil for a whole render.
        func shardSpec() throws -> ShardSpec? {
            do {
                if let shard {
                    let spec = try ShardSpec(shard)
                    if let shards, shards != spec.count { throw InputError("--shard \(shard) with --shards \(shards): the counts differ") }
                    return spec
                }
                return try shards.map { try ShardSpec.fromEnvironment(count: $0) }
            } catch let error as InputError {
                throw ValidationError(error.message)
            }
        }

        func run() throws {
            if let spec = try shardSpec() {
                let result = try source.job().render(to: out, shard: spec, repeats: linkRepeats ? .hardLinked : repeats)
                print(
                    "shard \(spec.text): frames \(result.frames.lowerBound)..<\(result.frames.upperBound) of \(result.totalFrames) -> \(result.manifestPath)"
                )
                return
            }
            // InputError and GraphicsError describe themselves; ArgumentParser prints them and exits 1.
            var job = try source.job()
            let transcript = try job.transcript()
            job.input = .transcript(transcript)
            let progress = ProgressBar(expectedFrames: ProgressBar.expectedFrames(transcript, options: job.options))
            let result = try job.render(to: out, repeats: linkRepeats ? .hardLinked : repeats) { frame in progress.update(framesDone: frame.index + 1)
            }
            progress.finish()
            for warning in result.warnings {
                FileHandle.standardError.write(Data("warning: \(warning.message)\n".utf8))
            }
            print(
                "\(result.frameCount) frames (\(result.distinctFrames) distinct), direction \(result.direction?.rawValue ?? "undecided"), "
                    + "\(result.warnings.count) warning(s)\(Self.readAs(transcript, forced: job.format != nil)) -> \(result.manifestPath)")
        }

        /// How the input was read, for the summary: `, read as anthropic (detected)`, the mapping
        /// it was read by, or nothing for text without events.
        static func readAs(_ transcript: Transcript, forced: Bool) -> String {
            if let mapping = transcript.mapping { return ", read by the mapping \(mapping)" }
            guard let format = transcript.format else { return "" }
            return ", read as \(format) (\(forced ? "--format" : "detected"))"
        }
    }
}
