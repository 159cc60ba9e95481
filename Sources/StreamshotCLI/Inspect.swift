import ArgumentParser
import Streamshot

extension StreamshotCommand {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an input's decoded timeline as JSON Lines: SSE events as received, then the text events the renderer replays, then a summary.")

        @OptionGroup var source: InputOptions

        func validate() throws {
            _ = try source.settings(scopes: [.stream])
        }

        func run() throws {
            let settings = try source.settings(scopes: [.stream])
            let lines = try TimelineInspector.lines(path: source.input, network: settings.network, seed: settings.seed,
                                                    format: settings.eventFormat, limits: settings.limits)
            for line in lines { print(line) }
        }
    }
}
