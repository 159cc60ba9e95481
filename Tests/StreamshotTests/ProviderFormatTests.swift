import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

@Suite struct ProviderFormatTests {
    /// Reasoning and tool calls are activity events now, not skipped: what is left is usage and repeats.
    static let fixtures: [(file: String, format: String, direction: WritingDirection, skipped: [String: Int])] = [
        ("product-ar.sse", "product", .rtl, ["usage": 1]),
        ("product-en.sse", "product", .ltr, ["usage": 1]),
        ("openai-chat-ar.sse", "openai-chat", .rtl, ["usage": 1]),
        ("openai-chat-en.sse", "openai-chat", .ltr, ["usage": 1]),
        ("openai-responses-ar.sse", "openai-responses", .rtl, ["usage": 1, "repeat": 1]),
        ("openai-responses-en.sse", "openai-responses", .ltr, ["usage": 1, "repeat": 1]),
        ("anthropic-ar.sse", "anthropic", .rtl, ["usage": 1]),
        ("anthropic-en.sse", "anthropic", .ltr, ["usage": 1]),
        ("anthropic-thinking-ar.sse", "anthropic", .rtl, ["usage": 1]),
        ("anthropic-thinking-en.sse", "anthropic", .ltr, ["usage": 1]),
        ("polling-ar.jsonl", "polling", .rtl, [:]),
        ("polling-en.jsonl", "polling", .ltr, [:]),
        ("gemini-ar.sse", "gemini", .rtl, [:]),
        ("gemini-en.sse", "gemini", .ltr, [:]),
        ("gemini-array-ar.json", "gemini", .rtl, [:]),
        ("gemini-array-en.json", "gemini", .ltr, [:]),
        ("ai-sdk-ar.sse", "ai-sdk", .rtl, [:]),
        ("ai-sdk-en.sse", "ai-sdk", .ltr, [:]),
        ("ollama-ar.jsonl", "ollama", .rtl, [:]),
        ("ollama-en.jsonl", "ollama", .ltr, [:]),
        ("ai-sdk-data-ar.txt", "ai-sdk-data", .rtl, ["data": 1, "annotation": 1]),
        ("ai-sdk-data-en.txt", "ai-sdk-data", .ltr, ["data": 1, "annotation": 1]),
        ("cohere-ar.sse", "cohere", .rtl, ["usage": 1]),
        ("cohere-en.sse", "cohere", .ltr, ["usage": 1]),
        // OpenAI-compatible servers read as OpenAI: vLLM's continuous usage stats count on every chunk.
        ("vllm-ar.sse", "openai-chat", .rtl, ["usage": 41]),
        ("vllm-en.sse", "openai-chat", .ltr, ["usage": 59]),
        ("mistral-ar.sse", "openai-chat", .rtl, ["usage": 1]),
        ("mistral-en.sse", "openai-chat", .ltr, ["usage": 1]),
        ("groq-ar.sse", "openai-chat", .rtl, ["usage": 1]),
        ("groq-en.sse", "openai-chat", .ltr, ["usage": 1]),
        ("lmstudio-ar.sse", "openai-chat", .rtl, [:]),
        ("lmstudio-en.sse", "openai-chat", .ltr, [:])
    ]

    /// The text each fixture carries (scripts/make-provider-fixtures.py).
    static func expectedText(_ file: String) -> String {
        if file.contains("-en.") { return TestSupport.example("en-ar-mixed.md") }
        let lease = TestSupport.example("ar-lease.md")
        return String(lease[..<lease.range(of: "## البند الثالث")!.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    }

    @Test(arguments: fixtures.map(\.file))
    func eachProviderFixtureRendersItsTextEndToEnd(_ file: String) throws {
        let fixture = Self.fixtures.first { $0.file == file }!
        let path = TestSupport.examples.appendingPathComponent("providers/" + file).path
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        #expect(transcript.format == fixture.format)
        #expect(transcript.skipped == fixture.skipped)
        #expect(transcript.warnings.isEmpty)
        #expect(transcript.events.last?.kind == .done, "ends as the capture ends")
        if !transcript.events.contains(where: { if case .snapshot = $0.kind { true } else { false } }) {
            let text = transcript.events.compactMap { if case .delta(let delta) = $0.kind { delta } else { nil } }.joined()
            #expect(text == Self.expectedText(file), "the exact text, once, in order")
        }
        let (scenes, loop) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        #expect(loop.responseDirection == fixture.direction)
        #expect(loop.warnings.isEmpty)
        // Everything arrived is shown, once, in order: the parse of the final frame equals the parse of the text.
        var parser = BlockParser()
        parser.update(Array(Self.expectedText(file).unicodeScalars)[...], ended: true)
        // The answer's blocks (a Sources list, the client's own, follows Cohere's cited answer).
        let answer = loop.placedBlocks.filter { $0.layout.blockId >= 0 }
        #expect(answer.map(\.layout.kind) == parser.blocks.map(\.kind))
        #expect(answer.count == parser.blocks.count)
        #expect(loop.placedBlocks.count - answer.count == (file.hasPrefix("cohere") ? 2 : 0), "a title and one source")
        #expect(scenes.last!.content.bufferedChars == 0)
        #expect(scenes.last!.content.revealedChars == Self.expectedText(file).unicodeScalars.count)
    }

    @Test func detectsEachFormatFromItsFirstEvent() {
        let cases: [(EventPayload, String)] = [
            (EventPayload(event: "message", data: #"{"type":"delta","content":"x"}"#), "product"),
            (EventPayload(event: "message", data: #"{"choices":[{"delta":{"content":"x"}}]}"#), "openai-chat"),
            (EventPayload(event: "response.created", data: #"{"type":"response.created"}"#), "openai-responses"),
            (EventPayload(event: "message_start", data: #"{"type":"message_start","message":{}}"#), "anthropic"),
            (EventPayload(event: "message", data: #"{"content":"x","isComplete":false}"#), "polling"),
            (EventPayload(event: "message", data: #"{"candidates":[{"content":{"parts":[{"text":"x"}]}}]}"#), "gemini"),
            (EventPayload(event: "message", data: #"{"type":"start","messageId":"m1"}"#), "ai-sdk"),
            (EventPayload(event: "", data: #"{"model":"llama3.2","response":"x","done":false}"#), "ollama"),
            (DataStreamLine.payload(#"0:"x""#)!, "ai-sdk-data"),
            (EventPayload(event: "message-start", data: #"{"id":"c1","type":"message-start","delta":{"message":{"role":"assistant"}}}"#), "cohere")
        ]
        for (payload, name) in cases {
            var detector = FormatDetector()
            _ = detector.decode(payload)
            #expect(detector.format?.name == name)
        }
    }

    @Test func errorsRenderAsAClientWould() throws {
        // Partial text is kept, and a notice under it says the answer stopped.
        let partial = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("The notice period runs ")),
            StreamEvent(timeMs: 100, kind: .error("overloaded"))
        ])
        let (scenes, loop) = try TestSupport.scenes(partial, options: TestSupport.smallOptions())
        #expect(scenes.last!.blocks.map(\.placed.layout.kind) == [.paragraph, .notice])
        #expect(scenes.last!.blocks.last?.placed.layout.text == "The answer was interrupted: overloaded")
        #expect(loop.warnings.map(\.kind) == [.streamError])
        // Nothing arrived: an error line.
        let empty = Transcript(events: [StreamEvent(timeMs: 300, kind: .error("Overloaded"))])
        let (failed, _) = try TestSupport.scenes(empty, options: TestSupport.smallOptions())
        let notice = try #require(failed.last!.blocks.first?.placed.layout)
        #expect(notice.kind == .notice)
        #expect(notice.text == "Error: Overloaded")
    }

    @Test func anthropicErrorEventIsDecoded() throws {
        let capture =
            "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .instant, seed: 1)
        #expect(transcript.events.map(\.kind) == [.error("Overloaded")])
    }

    @Test func aWrongShapeIsAWarningNamingTheEvent() throws {
        let capture = "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: {\"choices\":\"nope\"}\n\ndata: [DONE]\n\n"
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .instant, seed: 1)
        #expect(transcript.events.map(\.kind) == [.delta("ok"), .done])
        #expect(transcript.warnings.map(\.message) == ["SSE event 2: expected a \"choices\" array; skipped"])
    }
}

@Suite struct NetworkTests {
    @Test(arguments: NetworkProfile.all.map(\.name))
    func everyProfileDeliversTheTextExactlyOnceAndIsSeeded(_ name: String) {
        let profile = NetworkProfile.named(name)!
        let text = TestSupport.example("en-ar-mixed.md")
        let a = PlainTextSource.transcript(bytes: Array(text.utf8), network: profile, seed: 9)
        #expect(a == PlainTextSource.transcript(bytes: Array(text.utf8), network: profile, seed: 9))
        let joined = a.events.compactMap { event -> String? in
            if case .delta(let delta) = event.kind { return delta }
            return nil
        }.joined()
        #expect(joined == text)
        #expect(a.events.map(\.timeMs) == a.events.map(\.timeMs).sorted())
    }

    @Test func flakyDropsAndResumesAndTheReplayShowsIt() throws {
        // The NDA draft over seed 8: two of its deliveries come after a drop.
        let transcript = TestSupport.transcript(TestSupport.example("ar-nda-draft.md"), network: .flaky, seed: 8)
        let drops = transcript.events.filter { if case .reconnect = $0.kind { return true } else { return false } }
        #expect(!drops.isEmpty)
        let (scenes, loop) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        #expect(loop.warnings.filter { $0.kind == .reconnect }.count == drops.count)
        let reconnecting = scenes.filter(\.overlays.reconnecting)
        #expect(reconnecting.count >= drops.count * 60)  // at least the client's 1 s wait, at 60 fps
        #expect(reconnecting.allSatisfy { scene in drops.contains { $0.timeMs <= scene.timeMs } })
    }
}

@Suite struct InspectTests {
    @Test func printsSSEEventsThenTextEventsThenASummary() throws {
        let path = TestSupport.examples.appendingPathComponent("providers/anthropic-en.sse").path
        let lines = try TimelineInspector.lines(path: path, network: .steady, seed: 1)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let kinds = objects.map { $0["kind"] as! String }
        #expect(kinds.first == "sse")
        #expect(kinds.last == "summary")
        // The SSE events and what each was read as, then what the replay takes: the thinking as activity before the first text.
        let firstActivity = kinds.firstIndex(of: "activity")!
        #expect(kinds[..<firstActivity].allSatisfy { $0 == "sse" || $0 == "read" })
        #expect(kinds[firstActivity...].first { $0 != "activity" } == "delta")
        #expect(objects[firstActivity]["activity"] as? String == "reasoning")
        let reads = objects.filter { $0["kind"] as? String == "read" }
        #expect(reads.count == objects.filter { $0["kind"] as? String == "sse" }.count, "each event says what it was read as")
        #expect(reads.first?["as"] as? [String] == ["ignored"] && reads.first?["place"] as? String == "SSE event 1")
        #expect(reads.contains { $0["as"] as? [String] == ["activity:reasoning"] })
        #expect(objects[0]["event"] as? String == "message_start")
        #expect(objects[0]["t"] as? Int == 250)
        #expect(objects.last!["format"] as? String == "anthropic")
        #expect(kinds.contains("done"))
    }

    /// How each new format ends an answer, as its provider documents it.
    @Test(arguments: [
        (
            "gemini", #"{"candidates":[{"content":{"parts":[{"text":"A"}]},"finishReason":"MAX_TOKENS"}]}"#,
            "the answer reached its length limit (MAX_TOKENS)"
        ),
        ("gemini", #"{"candidates":[{"finishReason":"SAFETY"}]}"#, "stopped by the safety filter (SAFETY)"),
        ("gemini", #"{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}"#, "Resource has been exhausted"),
        ("ai-sdk", #"{"type":"error","errorText":"Rate limited"}"#, "Rate limited"),
        ("ollama", #"{"model":"m","response":"","done":true,"done_reason":"length"}"#, "the answer reached its length limit"),
        ("cohere", #"{"type":"message-end","delta":{"finish_reason":"MAX_TOKENS"}}"#, "the answer reached its length limit (MAX_TOKENS)"),
        ("cohere", #"{"type":"message-end","delta":{"finish_reason":"ERROR","error":"internal server error"}}"#, "internal server error")
    ])
    func newFormatsEndAsTheProviderSays(_ name: String, _ data: String, _ message: String) throws {
        let format = try #require(StreamFormat.named(name))
        #expect(format.decode(EventPayload(event: "message", data: data)).last == .error(message))
    }

    /// NDJSON as a server sends it, with no `t`, is timed by the network, with no warning.
    @Test func ndjsonWithoutTimesIsTimedByTheNetwork() throws {
        let lines =
            (0..<40).map { #"{"model":"m","message":{"role":"assistant","content":"w\#($0) "},"done":false}"# }
            + [#"{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}"#]
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let transcript = try InputLoader.load(bytes: bytes, fileExtension: "jsonl", network: .threeG, seed: 2)
        #expect(transcript.warnings.isEmpty)
        #expect(transcript.format == "ollama")
        let times = transcript.events.map(\.timeMs)
        #expect(times == times.sorted() && (times.last ?? 0) > 500, "spread over the network's time: \(times.last ?? 0) ms")
        #expect(transcript.events.last?.kind == .done)
    }

    /// A stream none of whose events is of a known format is refused before any frame, naming
    /// what it found and the format it most resembles; one with some unreadable events renders.
    @Test func aStreamOfNoKnownFormatIsRefused() throws {
        let unknown = Array("data: {\"foo\":\"bar\"}\n\ndata: {\"foo\":\"baz\"}\n\n".utf8)
        #expect(throws: InputError.self) { try InputLoader.load(bytes: unknown, fileExtension: "sse", network: .steady, seed: 1) }
        do {
            _ = try InputLoader.load(bytes: unknown, fileExtension: "sse", network: .steady, seed: 1)
        } catch {
            #expect("\(error)".hasPrefix("no event of a known format in 2 events; the first is a JSON object with keys foo"), "\(error)")
        }
        let lookalike = Array(#"{"t":0,"model":"m","message":{"text":"x"}}"#.utf8)
        do {
            _ = try InputLoader.load(bytes: lookalike, fileExtension: "jsonl", network: .steady, seed: 1)
            Issue.record("a look-alike was not refused")
        } catch {
            #expect("\(error)".contains("it most resembles ollama (shares message, model)"), "\(error)")
        }
        let notJSON = Array("data: {not json\n\n".utf8)
        #expect(throws: InputError.self) { try InputLoader.load(bytes: notJSON, fileExtension: "sse", network: .steady, seed: 1) }
        let mixed = Array((#"data: {"type":"delta","content":"Hi"}"# + "\n\ndata: {\"foo\":1}\n\n").utf8)
        let transcript = try InputLoader.load(bytes: mixed, fileExtension: "sse", network: .steady, seed: 1)
        #expect(transcript.warnings.count == 1)
    }

    /// A network asked for on a capture with its own arrival times cannot apply: a warning says
    /// so (it was silently ignored); on an unstamped capture it times the events, without one.
    @Test func aNetworkOnAStampedCaptureIsAWarning() throws {
        let path = TestSupport.examples.appendingPathComponent("providers/anthropic-ar.sse").path
        var settings = try RenderSettings(arguments: "--network 3g")
        settings.fonts = TestSupport.fontsDirectory
        let stamped = try settings.job(input: .file(path)).transcript()
        #expect(stamped.warnings.map(\.kind) == [.optionIgnored])
        #expect(stamped.warnings.first?.message.hasPrefix("--network 3g does not apply") == true)
        let quiet = try RenderSettings(arguments: "").job(input: .file(path)).transcript()
        #expect(quiet.warnings.isEmpty, "the default network is not asked for")
        let unstamped = TestSupport.examples.appendingPathComponent("providers/ollama-ar.jsonl").path
        #expect(try settings.job(input: .file(unstamped)).transcript().warnings.isEmpty)
    }
}
