import ArgumentParser
import Streamshot

/// How an input file is read and, when it carries no timing, timed.
struct InputOptions: ParsableArguments {
    @Argument(help: "The stream: .sse (captured Server-Sent Events), .jsonl (timed events), or .md/.txt (plain text).")
    var input: String

    @Option(help: "Network profile that times plain text and unstamped SSE.")
    var network: NetworkProfile = RenderJob(input: .text("")).network

    @Option(parsing: .unconditional, help: "Seed of the network profile: same seed, same schedule.")
    var seed: UInt64 = RenderJob(input: .text("")).seed

    @Option(help: "Event format of .sse/.jsonl input (auto: detected from the first event); client-trace reads a .jsonl as a team's client trace.")
    var format: FormatChoice = FormatChoice(format: RenderJob(input: .text("")).format)

    @OptionGroup var limitOptions: LimitOptions

    /// A render job for this input with `options`.
    func job(options: RenderOptions = RenderOptions(), fontsDirectory: String? = nil) -> RenderJob {
        var job = RenderJob(input: .file(input), network: network, seed: seed, format: format.format, options: options,
                            fontsDirectory: fontsDirectory)
        job.limits = limitOptions.limits
        job.readsClientTrace = format.clientTrace
        return job
    }
}
