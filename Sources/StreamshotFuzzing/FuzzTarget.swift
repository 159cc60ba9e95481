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
    public static let all: [FuzzTarget] = [.sse, .providers, .jsonLines, .aiSDKData, .cohere, .mapping, .trace, .markdown, .manifest]

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

    /// The AI SDK's data stream: `.txt` detection (data stream or Markdown), part codes and their
    /// JSON values, read detected and forced.
    public static let aiSDKData = FuzzTarget(name: "ai-sdk-data", corpus: { examples($0, extension: "txt") }) { bytes in
        if let transcript = try? InputLoader.load(bytes: bytes, fileExtension: "txt", network: .instant, seed: 1) {
            replay(transcript.limited(by: smallLimits))
        }
        if let transcript = try? JSONLSource.transcript(bytes: bytes, format: .aiSDKData, network: .instant) {
            replay(transcript.limited(by: smallLimits))
        }
    }

    /// Cohere's v2 stream, as SSE and as JSON lines: content blocks, deltas, endings.
    public static let cohere = FuzzTarget(
        name: "cohere",
        corpus: { root in
            examples(root, extension: "sse").filter { $0.lastPathComponent.hasPrefix("cohere") }
        }
    ) { bytes in
        if let transcript = try? SSESource.transcript(bytes: bytes, network: .instant, seed: 1, format: .cohere) {
            replay(transcript.limited(by: smallLimits))
        }
        if let transcript = try? JSONLSource.transcript(bytes: bytes, format: .cohere, network: .instant) {
            replay(transcript.limited(by: smallLimits))
        }
    }

    /// A declared mapping: its first line the mapping's JSON (pointers with escapes, `end` forms),
    /// the rest the events it reads, as NDJSON and as SSE, timed by its time pointer.
    public static let mapping = FuzzTarget(
        name: "mapping",
        corpus: { root in
            files(in: root.appendingPathComponent("Tests/Fuzz/corpus/mapping"), extension: "txt")
        }
    ) { bytes in
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let head = String(decoding: bytes[..<newline], as: UTF8.self)
        _ = try? JSONPointer(head)
        guard let mapping = try? EventMapping(json: head, source: "fuzz") else { return }
        let events = Array(bytes[newline...])
        if let transcript = try? JSONLSource.transcript(bytes: events, format: .mapped(mapping), network: .instant) {
            replay(transcript.limited(by: smallLimits))
        }
        if let transcript = try? SSESource.transcript(bytes: events, network: .instant, seed: 1, format: .mapped(mapping)) {
            replay(transcript.limited(by: smallLimits))
        }
    }

    /// Client traces: the reader (every record type, `text` and `append`, times), the limits,
    /// and the replay of what the trace showed.
    public static let trace = FuzzTarget(
        name: "trace",
        corpus: { root in
            files(in: root.appendingPathComponent("Examples/traces"), extension: "jsonl")
                + files(in: root.appendingPathComponent("Tests/Fuzz/corpus/trace"), extension: "jsonl")
        }
    ) { bytes in
        guard let transcript = try? ClientTraceReader.transcript(bytes: bytes) else { return }
        replay(transcript.limited(by: smallLimits))
    }

    /// Markdown as it streams: the incremental splitter over cmark-gfm, revealed in steps (tables,
    /// deep quotes and lists, fences left open).
    public static let markdown = FuzzTarget(
        name: "markdown",
        corpus: { root in
            files(in: root.appendingPathComponent("Examples"), extension: "md")
                + files(in: root.appendingPathComponent("Tests/Fuzz/corpus/markdown"), extension: "md")
        }
    ) { bytes in
        _ = Playback.streamedBlocks(String(decoding: bytes.prefix(20_000), as: UTF8.self), steps: 6)
    }

    /// The manifest reader, then what reads a manifest: the detectors and key-frame selection.
    public static let manifest = FuzzTarget(
        name: "manifest",
        corpus: { root in
            files(in: root.appendingPathComponent("Tests/Fuzz/corpus/manifest"), extension: "json")
        }
    ) { bytes in
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
