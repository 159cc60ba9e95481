import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Issue 14's input findings, each as it was reported: no trap, no endless render, nothing lost unsaid.
@Suite struct HardeningInputTests {
    static func sse(_ text: String) throws -> Transcript {
        try SSESource.transcript(bytes: Array(text.utf8), network: .instant, seed: 1).limited(by: StreamLimits())
    }

    static func jsonl(_ text: String) throws -> Transcript {
        try JSONLSource.transcript(bytes: Array(text.utf8)).limited(by: StreamLimits())
    }

    static func delta(_ text: String) -> String { #"data: {"type":"delta","content":"\#(text)"}"# + "\n\n" }

    static func kinds(_ transcript: Transcript) -> [RenderWarning.Kind] { transcript.warnings.map(\.kind) }

    @Test func aStampTooLargeForIntIsCutAtTheDurationLimitAndTheReplayEnds() throws {
        for transcript in [
            try Self.jsonl("{\"t\":0,\"type\":\"delta\",\"content\":\"hi \"}\n{\"t\":1e19,\"type\":\"delta\",\"content\":\"late\"}\n"),
            try Self.sse(": t=0\n" + Self.delta("hi ") + ": t=99999999999999999999\n" + Self.delta("late"))
        ] {
            #expect(transcript.events == [StreamEvent(timeMs: 0, kind: .delta("hi "))])
            let warning = try #require(transcript.warnings.first { $0.kind == .streamTooLong })
            #expect(warning.message.contains("1 event(s) holding 4 characters"))
            #expect(warning.message.contains("600-second stream limit"))
            #expect(warning.message.contains("--max-duration"))
            // The playback's end, once a trap, is the last event kept.
            let playback = StreamPlayback(transcript)
            #expect(playback.endMs == 0)
        }
    }

    @Test func aPlaybackOfAnUnlimitedTranscriptDoesNotTrapOnAHugeTime() {
        let playback = StreamPlayback(Transcript(events: [StreamEvent(timeMs: 1e19, kind: .delta("x"))]))
        #expect(playback.warnings.first?.message.contains("t=1e+19 ms") == true)
    }

    @Test func bogusStampsAreWarningsNamingTheLineAndAreIgnored() throws {
        var capture = ": t=10\n" + Self.delta("a ")
        for stamp in ["abc", "-5", "nan", "12ms", "0x10", "1e400", ""] { capture += ": t=\(stamp)\n" }
        capture += Self.delta("b")
        let transcript = try Self.sse(capture)
        #expect(transcript.events.map(\.timeMs) == [10, 10])
        let bad = transcript.warnings.filter { $0.kind == .badStamp }
        #expect(bad.count == 7)
        #expect(bad[0].message == "SSE line 4: `: t=abc` is not a time in milliseconds (expected digits, e.g. `: t=120`); ignored")
        #expect(bad[4].message.contains("`: t=0x10`"))
    }

    @Test func sseStampsGoingBackAreNamedAsJSONLinesAreAndKeepTheLaterTime() throws {
        let transcript = try Self.sse(": t=500\n" + Self.delta("a ") + ": t=200\n" + Self.delta("b"))
        #expect(transcript.events.map(\.timeMs) == [500, 500])
        #expect(transcript.warnings.map(\.message) == ["SSE line 4: t=200 is earlier than the previous stamp's 500; using 500"])
    }

    @Test func jsonLinesWithCRLFOrCRLineEndsRead() throws {
        for end in ["\r\n", "\r"] {
            let lines = #"{"t":0,"type":"delta","content":"a"}"# + end + #"{"t":5,"type":"done"}"# + end
            let transcript = try Self.jsonl(lines)
            #expect(transcript.events.map(\.kind) == [.delta("a"), .done])
            #expect(transcript.warnings.isEmpty)
        }
    }

    @Test func aByteOrderMarkIsNotText() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let plain = PlainTextSource.transcript(bytes: bom + Array("hello".utf8), network: .instant, seed: 1)
        #expect(plain.events.first == StreamEvent(timeMs: plain.events[0].timeMs, kind: .delta("hello")))
        let jsonl = try JSONLSource.transcript(bytes: bom + Array(#"{"t":0,"type":"delta","content":"a"}"#.utf8))
        #expect(jsonl.warnings.isEmpty)
    }

    @Test func aNulIsShownAsReplacementAndNamed() throws {
        for transcript in [
            try Self.sse(Self.delta(#"before\u0000after"#)),
            PlainTextSource.transcript(bytes: Array("before\u{0}after".utf8), network: .instant, seed: 1)
                .limited(by: StreamLimits())
        ] {
            let text = transcript.events.compactMap { if case .delta(let d) = $0.kind { d } else { nil } }.joined()
            #expect(text == "before\u{FFFD}after")
            let warning = try #require(transcript.warnings.first { $0.kind == .nulCharacter })
            #expect(warning.offset == 6)
            #expect(warning.message.contains("the first at character 6"))
        }
    }

    @Test func aLineLongerThanTheLimitIsCutAndNamedAcrossDeltas() throws {
        var limits = StreamLimits()
        limits.maxLineChars = 100
        let chunk = String(repeating: "x", count: 70)
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta(chunk)), StreamEvent(timeMs: 1, kind: .delta(chunk + "\nnext")),
            StreamEvent(timeMs: 2, kind: .done)
        ]).limited(by: limits)
        let text = transcript.events.compactMap { if case .delta(let d) = $0.kind { d } else { nil } }.joined()
        #expect(text == String(repeating: "x", count: 100) + "\nnext")
        #expect(
            transcript.warnings.map(\.message) == [
                "the line at character 0: 40 characters past the 100-character line limit are not shown (raise it with --max-line-chars)"
            ])
    }

    @Test func anOverlongCodeBlockIsCutButItsClosingFenceAndWhatFollowsAreKept() throws {
        var limits = StreamLimits()
        limits.maxCodeBlockChars = 20
        let code = (0..<10).map { "line \($0)\n" }.joined()
        let transcript = Transcript(events: [StreamEvent(timeMs: 0, kind: .delta("```swift\n" + code + "```\nafter"))])
            .limited(by: limits)
        let text = transcript.events.compactMap { if case .delta(let d) = $0.kind { d } else { nil } }.joined()
        #expect(text == "```swift\nline 0\nline 1\nline 2\n```\nafter")
        #expect(transcript.warnings.map(\.kind) == [.codeBlockTooLong])
        #expect(transcript.warnings[0].message.contains("the code block at character 9: 49 characters past the 20-character"))
    }

    @Test func anUnclosedHugeFenceIsBoundedByDefault() throws {
        let fence = "```\n" + String(repeating: "let x = 1\n", count: 8_000)
        let transcript = Transcript(events: [StreamEvent(timeMs: 0, kind: .delta(fence))]).limited(by: StreamLimits())
        let kept = transcript.events.compactMap { if case .delta(let d) = $0.kind { d.unicodeScalars.count } else { nil } }.reduce(0, +)
        #expect(kept <= StreamLimits().maxCodeBlockChars + 4)
        #expect(transcript.warnings.map(\.kind) == [.codeBlockTooLong])
    }

    @Test func textAfterDoneOrErrorIsNamedNotDroppedSilently() throws {
        let afterDone = try Self.sse(Self.delta("shown ") + #"data: {"type":"done"}"# + "\n\n" + Self.delta("lost"))
        #expect(afterDone.events.map(\.kind) == [.delta("shown "), .done])
        #expect(
            afterDone.warnings.map(\.message) == [
                "SSE event 3: 4 characters arrive after the stream ended (SSE event 2, t=0 ms) and are not shown"
            ])
        let afterError = try Self.jsonl(#"{"t":0,"type":"error","message":"x"}"# + "\n" + #"{"t":1,"type":"delta","content":"late"}"#)
        #expect(afterError.warnings.map(\.kind) == [.afterEnd])
    }

    @Test func openAITextAfterFinishReasonIsNamed() throws {
        let chunk = { (content: String, finish: String) in
            #"data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\#(content)"},"finish_reason":\#(finish)}]}"# + "\n\n"
        }
        let transcript = try Self.sse(chunk("a", "\"stop\"") + chunk("b", "null"))
        #expect(transcript.events.map(\.kind) == [.delta("a"), .done])
        #expect(transcript.warnings.map(\.kind) == [.afterEnd])
    }

    @Test func otherOpenAIChoicesAreCountedAndNeverInterleaved() throws {
        let chunk = { (index: Int, content: String) in
            #"data: {"object":"chat.completion.chunk","choices":[{"index":\#(index),"delta":{"content":"\#(content)"}}]}"# + "\n\n"
        }
        let transcript = try Self.sse(chunk(0, "zero ") + chunk(1, "one ") + chunk(0, "again") + "data: [DONE]\n\n")
        #expect(transcript.events.map(\.kind) == [.delta("zero "), .delta("again"), .done])
        #expect(transcript.skipped == ["other-choice": 1])
    }

    @Test func responsesOutputTextDoneIsCounted() throws {
        let events = [
            #"{"type":"response.output_text.delta","delta":"hi"}"#, #"{"type":"response.output_text.done","text":"hi"}"#,
            #"{"type":"response.completed","response":{}}"#
        ]
        let transcript = try Self.sse(events.map { "data: \($0)\n\n" }.joined())
        #expect(transcript.skipped["repeat"] == 1)
    }

    @Test func twoAnthropicTextBlocksAreSeparatedByABlankLine() throws {
        let events = [
            #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#,
            #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"First."}}"#,
            #"{"type":"content_block_stop","index":0}"#,
            #"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#,
            #"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Second."}}"#,
            #"{"type":"message_stop"}"#
        ]
        let transcript = try Self.sse(events.map { "data: \($0)\n\n" }.joined())
        #expect(transcript.events.map(\.kind) == [.delta("First."), .delta("\n\n"), .delta("Second."), .done])
    }

    @Test func inspectWritesValidJSONForAnyTime() throws {
        for value in [1e15, 1e19, 1e308, 123.456, 1000.5, -0.0] {
            let text = JSONText.number(value)
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil, "\(text)")
        }
        #expect(JSONText.number(.infinity) == "null")
        #expect(JSONText.number(1e15) == "1000000000000000")
        #expect(JSONText.number(1e19) == "1e+19")
    }

    /// An answer with no text is not an error: it renders to frames whose ending says so.
    @Test func aStreamWithNoTextRendersItsEnding() throws {
        let path = NSTemporaryDirectory() + "streamshot-empty-\(UUID().uuidString).sse"
        try Data(#"data: {"type":"done"}"#.utf8 + [10, 10]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = TestSupport.smallOptions()
        options.fps = 30
        let result = try RenderJob(input: .file(path), options: options, fontsDirectory: TestSupport.fontsDirectory)
            .render(to: NSTemporaryDirectory() + "streamshot-empty-render-\(UUID().uuidString)")
        let manifest = try result.manifest
        #expect(manifest.ending?.kind == .done)
        #expect(manifest.blocks.map(\.text) == [AppLanguage.english.emptyAnswer])
    }
}
