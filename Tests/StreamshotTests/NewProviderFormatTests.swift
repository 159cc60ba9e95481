import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The AI SDK's data stream protocol (v4) and Cohere's v2 stream, beyond their fixtures: exact
/// text, endings and errors, and bad parts named where they are.
@Suite struct NewProviderFormatTests {
    static func load(_ text: String, _ fileExtension: String) throws -> Transcript {
        try InputLoader.load(bytes: Array(text.utf8), fileExtension: fileExtension, network: .instant, seed: 1)
    }

    @Test func dataStreamTextAndItsFinish() throws {
        let stream =
            #"f:{"messageId":"m1"}"# + "\n" + #"0:"Hello, ""# + "\n" + #"0:"world\n""# + "\n"
            + #"e:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"isContinued":false}"# + "\n"
            + #"d:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2}}"# + "\n"
        for ext in ["txt", "jsonl"] {
            let transcript = try Self.load(stream, ext)
            #expect(transcript.format == "ai-sdk-data")
            #expect(transcript.events.map(\.kind) == [.delta("Hello, "), .delta("world\n"), .done])
            #expect(transcript.warnings.isEmpty)
            #expect(transcript.skipped.isEmpty)
        }
    }

    @Test(arguments: [
        (#"3:"Rate limit exceeded""#, "Rate limit exceeded"),
        (#"d:{"finishReason":"length","usage":{"promptTokens":1,"completionTokens":2}}"#, "the answer reached its length limit"),
        (#"d:{"finishReason":"content-filter"}"#, "stopped by the content filter")
    ])
    func dataStreamErrorsEndTheAnswer(_ line: String, _ message: String) throws {
        let transcript = try Self.load(#"0:"Partial""# + "\n" + line + "\n" + #"0:" late""# + "\n", "txt")
        #expect(transcript.events.map(\.kind) == [.delta("Partial"), .error(message)])
        #expect(transcript.warnings.map(\.kind) == [.afterEnd], "text after the end is named, not shown")
    }

    @Test func aBadDataStreamPartIsAWarningNamingItsLine() throws {
        let transcript = try Self.load(#"0:"ok""# + "\n0:42\n" + #"d:{"finishReason":"stop"}"# + "\n", "txt")
        #expect(transcript.events.map(\.kind) == [.delta("ok"), .done])
        #expect(transcript.warnings.map(\.message) == ["line 2: a text part (0:) needs a JSON string; skipped"])
    }

    @Test func markdownThatOnlyLooksLikeAPartStaysText() throws {
        let text = "0: the count starts here\n\nand goes on.\n"
        let transcript = try Self.load(text, "txt")
        #expect(transcript.format == nil)
        #expect(transcript.events.compactMap { if case .delta(let d) = $0.kind { d } else { nil } }.joined() == text)
    }

    @Test func cohereAsJSONLinesReadsAsItsSSE() throws {
        let lines = [
            #"{"id":"c1","type":"message-start","delta":{"message":{"role":"assistant","content":[]}}}"#,
            #"{"type":"content-start","index":0,"delta":{"message":{"content":{"type":"text","text":""}}}}"#,
            #"{"type":"content-delta","index":0,"delta":{"message":{"content":{"text":"مرحبا"}}}}"#,
            #"{"type":"content-end","index":0}"#,
            #"{"type":"tool-plan-delta","delta":{"message":{"tool_plan":"I will search"}}}"#,
            #"{"type":"tool-call-start","index":0,"delta":{"message":{"tool_calls":{"id":"t1","type":"function","function":{"name":"search","arguments":""}}}}}"#,
            #"{"type":"tool-call-end","index":0}"#,
            #"{"type":"content-start","index":1,"delta":{"message":{"content":{"type":"text","text":"Second"}}}}"#,
            #"{"type":"message-end","delta":{"finish_reason":"COMPLETE"}}"#
        ]
        let transcript = try Self.load(lines.joined(separator: "\n"), "jsonl")
        #expect(transcript.format == "cohere")
        #expect(
            transcript.events.map(\.kind) == [
                // The call ends the text before it: the blank line comes with it, not with the text after.
                .delta("مرحبا"), .activity(.reasoning), .delta("\n\n"), .activity(.toolStarted("search")),
                .delta("Second"), .done
            ])
        #expect(transcript.skipped.isEmpty)
        #expect(transcript.warnings.isEmpty)
    }

    @Test func aCohereDeltaWithoutTextIsNamed() throws {
        let capture =
            "event: content-delta\ndata: {\"type\":\"content-delta\",\"delta\":{\"message\":{}}}\n\n"
            + "event: content-delta\ndata: {\"type\":\"content-delta\",\"delta\":{\"message\":{\"content\":{\"text\":\"ok\"}}}}\n\n"
        let transcript = try Self.load(capture, "sse")
        #expect(transcript.events.map(\.kind) == [.delta("ok")])
        #expect(transcript.warnings.map(\.message) == ["SSE event 1: content-delta needs delta.message.content.text (a string); skipped"])
    }
}
