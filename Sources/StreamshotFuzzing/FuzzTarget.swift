public import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotReview

/// One thing to fuzz: bytes in, no trap, no hang. Errors a hostile input deserves (`InputError`)
/// are the expected outcome and are swallowed; a trap ends the process, which is the finding.
public struct FuzzTarget: Sendable {
    public let name: String
    /// The corpus files it starts from, relative to the project root.
    public let corpus: @Sendable (_ root: URL) -> [URL]
    public let run: @Sendable ([UInt8]) -> Void

    /// Every target, as `streamshot-fuzz` and the test suite name them.
    public static let all: [FuzzTarget] = [.sse, .providers, .jsonLines, .trace, .markdown, .manifest]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// SSE captures: the parser, the stamps, format detection, the limits and the replay.
    public static let sse = FuzzTarget(name: "sse", corpus: { examples($0, extension: "sse") }) { bytes in
        guard let transcript = try? SSESource.transcript(bytes: bytes, network: .flaky, seed: 7) else { return }
        replay(transcript.limited(by: smallLimits))
    }

    /// The same bytes read as each provider format in turn (no detection).
    public static let providers = FuzzTarget(name: "providers", corpus: { examples($0, extension: "sse") }) { bytes in
        for format in StreamFormat.all {
            if let transcript = try? SSESource.transcript(bytes: bytes, network: .instant, seed: 1, format: format) {
                replay(transcript.limited(by: smallLimits))
            }
        }
    }

    /// JSON Lines: line ends, `t`, every format's payloads.
    public static let jsonLines = FuzzTarget(name: "jsonl", corpus: { examples($0, extension: "jsonl") }) { bytes in
        guard let transcript = try? JSONLSource.transcript(bytes: bytes) else { return }
        replay(transcript.limited(by: smallLimits))
    }

    /// Client traces: the reader (every record type, `text` and `append`, times), the limits,
    /// and the replay of what the trace showed.
    public static let trace = FuzzTarget(name: "trace", corpus: { root in
        files(in: root.appendingPathComponent("Examples/traces"), extension: "jsonl")
            + files(in: root.appendingPathComponent("Tests/Fuzz/corpus/trace"), extension: "jsonl")
    }) { bytes in
        guard let transcript = try? ClientTraceReader.transcript(bytes: bytes) else { return }
        replay(transcript.limited(by: smallLimits))
    }

    /// Markdown as it streams: the incremental splitter over cmark-gfm, revealed in steps (tables,
    /// deep quotes and lists, fences left open).
    public static let markdown = FuzzTarget(name: "markdown", corpus: { root in
        files(in: root.appendingPathComponent("Examples"), extension: "md")
            + files(in: root.appendingPathComponent("Tests/Fuzz/corpus/markdown"), extension: "md")
    }) { bytes in
        _ = Playback.streamedBlocks(String(decoding: bytes.prefix(20_000), as: UTF8.self), steps: 6)
    }

    /// The manifest reader, then what reads a manifest: the detectors and key-frame selection.
    public static let manifest = FuzzTarget(name: "manifest", corpus: { root in
        files(in: root.appendingPathComponent("Tests/Fuzz/corpus/manifest"), extension: "json")
    }) { bytes in
        guard let manifest = try? Manifest.decode(Data(bytes), name: "fuzz.json") else { return }
        _ = Detector.check(manifest)
        _ = KeyFrames.select(manifest, everyMs: 100)
    }

    /// Small limits, so a fuzzed input exercises them and each run stays short.
    static let smallLimits = StreamLimits(maxDurationMs: 60_000, maxLineChars: 500, maxCodeBlockChars: 500)

    /// Applies the transcript as a render's frame clock would, at a few times.
    static func replay(_ transcript: Transcript) {
        _ = Playback.finalText(transcript)
    }

    static func examples(_ root: URL, extension ext: String) -> [URL] {
        let examples = root.appendingPathComponent("Examples")
        return files(in: examples, extension: ext) + files(in: examples.appendingPathComponent("providers"), extension: ext)
    }

    static func files(in directory: URL, extension ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }
}
