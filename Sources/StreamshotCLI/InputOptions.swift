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
        try stream.apply(to: &settings)
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

    @Option(name: .customLong("map-text"), help: "A team's own JSON events, read by RFC 6901 JSON Pointers (a mapping wins over detection): where each event's text delta sits, e.g. /payload/chunk.")
    var mapText: String?

    @Option(name: .customLong("map-end"), help: "Where the mapped stream ends: a pointer and a value (/type=finished), or a pointer alone (present and not false or null).")
    var mapEnd: String?

    @Option(name: .customLong("map-error"), help: "Where a mapped event carries an error message (present and not null: the answer fails with it), e.g. /err/message.")
    var mapError: String?

    @Option(name: .customLong("map-time"), help: "Where a mapped event carries its arrival time in ms (epoch ms count from the first event), e.g. /ts.")
    var mapTime: String?

    @Option(help: "A mapping as a JSON file: {\"text\":\"/payload/chunk\",\"end\":{\"pointer\":\"/type\",\"equals\":\"finished\"},\"error\":\"/err/message\",\"time\":\"/ts\"}; a map option given on its own (map-text, map-end, map-error, map-time) overrides its key.")
    var mapping: String?

    @OptionGroup var limitOptions: LimitOptions

    /// Sets how the input is read and timed.
    /// - Throws: `ValidationError` for a mapping pointer or file that is wrong.
    func apply(to settings: inout RenderSettings) throws {
        if let network {
            settings.network = network
            settings.networkGiven = true
        }
        settings.seed = seed
        settings.format = format.format
        settings.clientTrace = format.clientTrace
        for (name, value) in [("map-text", mapText), ("map-end", mapEnd), ("map-error", mapError), ("map-time", mapTime), ("mapping", mapping)] {
            guard let value else { continue }
            try OptionRange.validated { try settings.set(name, to: value) }
        }
        limitOptions.apply(to: &settings)
    }
}
