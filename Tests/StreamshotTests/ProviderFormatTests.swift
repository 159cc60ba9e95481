import Foundation
import Testing
@testable import Streamshot

@Suite struct ProviderFormatTests {
    static let fixtures: [(file: String, format: String, direction: WritingDirection, skipped: [String: Int])] = [
        ("product-ar.sse", "product", .rtl, ["usage": 1]),
        ("product-en.sse", "product", .ltr, ["usage": 1]),
        ("openai-chat-ar.sse", "openai-chat", .rtl, ["tool-call": 2, "usage": 1]),
        ("openai-chat-en.sse", "openai-chat", .ltr, ["tool-call": 2, "usage": 1]),
        ("openai-responses-ar.sse", "openai-responses", .rtl, ["thinking": 1, "usage": 1, "repeat": 1]),
        ("openai-responses-en.sse", "openai-responses", .ltr, ["thinking": 1, "usage": 1, "repeat": 1]),
        ("anthropic-ar.sse", "anthropic", .rtl, ["thinking": 2, "usage": 1]),
        ("anthropic-en.sse", "anthropic", .ltr, ["thinking": 2, "usage": 1]),
        ("polling-ar.jsonl", "polling", .rtl, [:]),
        ("polling-en.jsonl", "polling", .ltr, [:]),
    ]

    /// The text each fixture carries (scripts/make-provider-fixtures.py).
    static func expectedText(_ file: String) -> String {
        if file.hasSuffix("-en.sse") || file.hasSuffix("-en.jsonl") { return TestSupport.example("en-ar-mixed.md") }
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
        let (scenes, loop) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        #expect(loop.responseDirection == fixture.direction)
        #expect(loop.warnings.isEmpty)
        // Everything arrived is shown, once, in order: the parse of the final frame equals the parse of the text.
        var parser = BlockParser()
        parser.update(Array(Self.expectedText(file).unicodeScalars)[...], ended: true)
        #expect(loop.placedBlocks.map(\.layout.kind) == parser.blocks.map(\.kind))
        #expect(loop.placedBlocks.count == parser.blocks.count)
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
            StreamEvent(timeMs: 100, kind: .error("overloaded")),
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
        let capture = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"
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
        #expect(reconnecting.count >= drops.count * 60) // at least the client's 1 s wait, at 60 fps
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
        let firstText = kinds.firstIndex(of: "delta")!
        #expect(kinds[..<firstText].allSatisfy { $0 == "sse" })
        #expect(objects[0]["event"] as? String == "message_start")
        #expect(objects[0]["t"] as? Int == 250)
        #expect(objects.last!["format"] as? String == "anthropic")
        #expect(kinds.contains("done"))
    }
}
