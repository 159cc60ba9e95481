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

        func run() throws {
            // InputError and GraphicsError describe themselves; ArgumentParser prints them and exits 1.
            let transcript = try source.loadTranscript()
            let renderer = try Renderer(fontsDirectory: try look.fontsDirectory())
            let result = try renderer.render(transcript, options: look.renderOptions(), to: out,
                                             extraOptions: ["network": source.network, "seed": String(source.seed)])
            for warning in result.warnings {
                FileHandle.standardError.write(Data("warning: \(warning.message)\n".utf8))
            }
            print("\(result.frameCount) frames (\(result.distinctFrames) distinct), direction \(result.direction?.rawValue ?? "undecided"), \(result.warnings.count) warning(s) -> \(result.manifestPath)")
        }
    }
}
