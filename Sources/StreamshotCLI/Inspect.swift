import ArgumentParser
import Streamshot

extension StreamshotCommand {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print an input's decoded timeline as JSON Lines: SSE events as received, then the text events the renderer replays, then a summary.")

        @OptionGroup var source: InputOptions

        func validate() throws {
            _ = try source.settings(scopes: [.stream])
        }

        func run() throws {
            let settings = try source.settings(scopes: [.stream])
            // An SSE stream's events are printed whatever their format, then why it could not be read.
            let (lines, failure) = TimelineInspector.inspect(
                path: source.input, network: settings.network, seed: settings.seed,
                format: settings.eventFormat, limits: settings.limits)
            for line in lines { print(line) }
            if let failure { throw failure }
        }
    }
}
