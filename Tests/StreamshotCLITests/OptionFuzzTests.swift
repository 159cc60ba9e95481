import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// Option parsing fuzzed: seeded combinations of every subcommand's options with odd values.
/// Parsing and validation either succeed or fail with a message; nothing traps, and what
/// validates converts to the library's values without trapping.
@Suite struct OptionFuzzTests {
    static let values = [
        "0", "-1", "-5", "1", "1.5", "3", "60", "241", "1e300", "-1e300", "1e-9", "inf", "-inf", "nan", "0x10",
        "", "abc", "99999999999999999999", "100x100", "0x0", "infxnan", "-5x3", "390x844", "9e18", "smooth"
    ]
    static let options: [String: [String]] = [
        "render": [
            "--seed", "--scale", "--fps", "--size", "--encoder-threads", "--max-frames", "--max-duration", "--max-line-chars",
            "--max-code-chars", "--pacing", "--network", "--format", "--text-align"
        ],
        "inspect": ["--seed", "--network", "--format", "--max-duration", "--max-line-chars", "--max-code-chars"],
        "record": ["--retry-delay", "--idle-timeout", "--max-reconnects", "--max-line-bytes", "-X", "-H"],
        "check": ["--position-tolerance", "--max-layout-shift", "--stall-ms", "--burst-chars", "--pitch-tolerance", "--hung-ms"],
        "review": ["--every", "--animation-scale"],
        "compare": ["--every"]
    ]
    static let positional: [String: [String]] = [
        "render": ["x.md", "--out", "o"], "inspect": ["x.md"], "record": ["http://x", "--out", "c.sse"], "check": ["r"],
        "review": ["r"], "compare": ["a", "b"]
    ]

    /// Combinations per run; STREAMSHOT_FUZZ_OPTIONS raises it (and STREAMSHOT_FUZZ_SEED changes them).
    static let combinations = ProcessInfo.processInfo.environment["STREAMSHOT_FUZZ_OPTIONS"].flatMap(Int.init) ?? 300
    static let seed = ProcessInfo.processInfo.environment["STREAMSHOT_FUZZ_SEED"].flatMap(UInt64.init) ?? 14
    /// For a long run by hand: keep going this many seconds instead of stopping at the count.
    static let seconds = ProcessInfo.processInfo.environment["STREAMSHOT_FUZZ_OPTION_SECONDS"].flatMap(Double.init)

    @Test func seededOptionCombinationsNeverTrap() {
        var random = SeededRandom(seed: Self.seed)
        let commands = Self.options.keys.sorted()
        let start = Date()
        var count = 0
        while Self.seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (count < Self.combinations) {
            count += 1
            let command = Self.pick(commands, &random)
            var arguments: [String] = [command] + Self.positional[command]!
            for _ in 0..<(1 + random.next() % 4) {
                arguments.append(Self.pick(Self.options[command]!, &random))
                arguments.append(Self.pick(Self.values, &random))
            }
            exercise(arguments)
        }
        if Self.seconds != nil { print("option fuzz: \(count) combinations in \(Int(Date().timeIntervalSince(start))) s, no crash") }
    }

    static func pick(_ items: [String], _ random: inout SeededRandom) -> String {
        items[Int(random.next() % UInt64(items.count))]
    }

    /// Parses, validates, and converts what validated.
    func exercise(_ arguments: [String]) {
        guard let parsed = try? StreamshotCommand.parseAsRoot(arguments) else { return }
        switch parsed {
        case let render as StreamshotCommand.Render: _ = try? render.source.job()
        case let record as StreamshotCommand.Record: _ = record.policy()
        case let inspect as StreamshotCommand.Inspect: _ = try? inspect.source.settings(scopes: [.stream]).limits
        default: break
        }
    }
}
