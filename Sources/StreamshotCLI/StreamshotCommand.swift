import ArgumentParser
import Streamshot

/// `streamshot`: render streaming LLM text the way a good mobile client shows it.
@main
struct StreamshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streamshot",
        abstract: "Render a recorded LLM token stream to per-frame PNGs and a frame manifest.",
        version: StreamshotVersion.text,
        subcommands: [
            Render.self, Options.self, Inspect.self, Record.self, Check.self, Profile.self, Review.self, Compare.self, Report.self, Matrix.self,
            Merge.self,
            Serve.self
        ])
}
