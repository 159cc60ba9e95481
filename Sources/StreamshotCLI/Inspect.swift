import ArgumentParser
import Streamshot

extension StreamshotCommand {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an input's decoded timeline as JSON Lines: SSE events as received, then the text events the renderer replays, then a summary.")

        @OptionGroup var source: InputOptions

        func run() throws {
            let lines = try TimelineInspector.lines(path: source.input, network: source.stream.network ?? RenderJob(input: .text("")).network, seed: source.stream.seed,
                                                    format: source.stream.format.format, limits: source.stream.limitOptions.limits)
            for line in lines { print(line) }
        }
    }
}
