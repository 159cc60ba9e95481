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

        @OptionGroup var look: RenderArguments

        func validate() throws {
            try requireOutputFolder(out)
        }

        func run() throws {
            // InputError and GraphicsError describe themselves; ArgumentParser prints them and exits 1.
            var job = try source.job(look: look)
            let transcript = try job.transcript()
            job.input = .transcript(transcript)
            let progress = ProgressBar(expectedFrames: ProgressBar.expectedFrames(transcript, options: job.options))
            let result = try job.render(to: out) { frame in progress.update(framesDone: frame.index + 1) }
            progress.finish()
            for warning in result.warnings {
                FileHandle.standardError.write(Data("warning: \(warning.message)\n".utf8))
            }
            print("\(result.frameCount) frames (\(result.distinctFrames) distinct), direction \(result.direction?.rawValue ?? "undecided"), \(result.warnings.count) warning(s) -> \(result.manifestPath ?? out)")
        }
    }
}
