import ArgumentParser
import Streamshot

/// One input file, and how it is read and timed.
struct InputOptions: ParsableArguments {
    @Argument(help: "The stream: .sse (captured Server-Sent Events), .jsonl (timed events), or .md/.txt (plain text).")
    var input: String

    @OptionGroup var stream: StreamOptions

    /// The render job of this input with the look's options.
    /// - Throws: `ValidationError` naming the option and what is wrong with it.
    func job(look: RenderArguments) throws -> RenderJob {
        var settings = RenderSettings()
        stream.apply(to: &settings)
        try look.apply(to: &settings)
        return try OptionRange.validated { try settings.job(input: .file(input)) }
    }
}

/// How an input is read and, when it carries no timing, timed.
struct StreamOptions: ParsableArguments {
    @Option(help: "Network profile that times plain text, unstamped SSE and NDJSON without t (default: \(RenderJob(input: .text("")).network.name)); a capture with its own times ignores it, with a warning.")
    var network: NetworkProfile?

    @Option(parsing: .unconditional, help: "Seed of the network profile: same seed, same schedule.")
    var seed: UInt64 = RenderJob(input: .text("")).seed

    @Option(help: "Event format of .sse/.jsonl input (auto: detected from the first event); client-trace reads a .jsonl as a team's client trace.")
    var format: FormatChoice = FormatChoice(format: RenderJob(input: .text("")).format)

    @OptionGroup var limitOptions: LimitOptions

    /// Sets how the input is read and timed.
    func apply(to settings: inout RenderSettings) {
        if let network {
            settings.network = network
            settings.networkGiven = true
        }
        settings.seed = seed
        settings.format = format.format
        settings.clientTrace = format.clientTrace
        limitOptions.apply(to: &settings)
    }
}
