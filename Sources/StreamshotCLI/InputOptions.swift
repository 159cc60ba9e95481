import ArgumentParser
import Streamshot

/// How an input file is read and, when it carries no timing, timed.
struct InputOptions: ParsableArguments {
    @Argument(help: "The stream: .sse (captured Server-Sent Events), .jsonl (timed events), or .md/.txt (plain text).")
    var input: String

    @Option(help: "Network profile that times plain text and unstamped SSE: \(NetworkProfile.all.map(\.name).joined(separator: ", ")).")
    var network: String = "steady"

    @Option(help: "Seed of the network profile: same seed, same schedule.")
    var seed: UInt64 = 1

    @Option(help: "Event format of .sse/.jsonl input: auto (detected from the first event), \(StreamFormat.all.map(\.name).joined(separator: ", ")).")
    var format: String = "auto"

    func validate() throws {
        guard NetworkProfile.named(network) != nil else {
            throw ValidationError("unknown network '\(network)': expected one of \(NetworkProfile.all.map(\.name).joined(separator: ", "))")
        }
        guard format == "auto" || StreamFormat.named(format) != nil else {
            throw ValidationError("unknown format '\(format)': expected auto or one of \(StreamFormat.all.map(\.name).joined(separator: ", "))")
        }
    }

    var streamFormat: StreamFormat? { StreamFormat.named(format) }

    func loadTranscript() throws -> Transcript {
        try InputLoader.load(path: input, network: NetworkProfile.named(network)!, seed: seed, format: streamFormat)
    }
}
