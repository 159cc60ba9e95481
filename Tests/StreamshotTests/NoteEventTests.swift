import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// What the notes' servers send at the end of a stream, read the way their clients read it:
/// 003's `complete` and error `content`, a 401 in every format, 001's failed polls.
@Suite struct NoteEventTests {
    private func jsonl(_ lines: [String]) throws -> Transcript {
        try JSONLSource.transcript(bytes: Array(lines.joined(separator: "\n").utf8))
    }

    @Test func theSwiftUINotesCompleteIsDone() throws {
        let transcript = try jsonl([#"{"t":0,"type":"delta","content":"Hello"}"#, #"{"t":50,"type":"complete","sessionId":"s1"}"#])
        #expect(transcript.events.map(\.kind) == [.delta("Hello"), .done])
        #expect(transcript.warnings.isEmpty)
    }

    @Test func anErrorsContentIsItsMessage() throws {
        let transcript = try jsonl([#"{"t":0,"type":"delta","content":"Hi"}"#, #"{"t":50,"type":"error","content":"rate limited"}"#])
        #expect(transcript.events.last?.kind == .error("rate limited"))
    }

    /// 000: "A session revoked mid-stream must result in a `401` event and stream termination."
    @Test(arguments: [
        #"{"t":50,"type":"error","status":401,"message":"session revoked"}"#,
        #"{"t":50,"type":"unauthorized","message":"session revoked"}"#
    ])
    func aRevokedSessionIsUnauthorized(line: String) throws {
        let transcript = try jsonl([#"{"t":0,"type":"delta","content":"مدة العقد"}"#, line])
        #expect(transcript.events.last?.kind == .unauthorized("session revoked"))
    }

    @Test func providersSayUnauthorizedTheirWay() {
        let anthropic = StreamFormat.anthropic.decode(
            EventPayload(event: "error", data: #"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#))
        #expect(anthropic == [.unauthorized("invalid x-api-key")])
        let openAI = StreamFormat.openAIChat.decode(
            EventPayload(event: "", data: #"{"error":{"message":"Incorrect API key","code":"invalid_api_key"}}"#))
        #expect(openAI == [.unauthorized("Incorrect API key")])
        let other = StreamFormat.openAIChat.decode(EventPayload(event: "", data: #"{"error":{"message":"overloaded","code":"server_error"}}"#))
        #expect(other == [.error("overloaded")])
    }

    /// A recording that ended on HTTP 401 replays as the session revoked there.
    @Test func aCaptureThatEndedOn401IsUnauthorized() throws {
        let capture = ": t=0\ndata: {\"type\":\"delta\",\"content\":\"Hi \"}\n\n: t=900\n: end unauthorized (HTTP 401)\n"
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .instant, seed: 1)
        #expect(transcript.events.last == StreamEvent(timeMs: 900, kind: .unauthorized("HTTP 401")))
    }

    /// 001 keeps polling through a failed poll; a message that failed ends the stream.
    @Test func aFailedPollIsTransient() throws {
        let transcript = try jsonl([
            #"{"t":2000,"id":"m1","content":"The first","isComplete":false}"#,
            #"{"t":4000,"error":"503 Service Unavailable"}"#,
            #"{"t":6000,"id":"m1","content":"The first part.","isComplete":true}"#
        ])
        #expect(transcript.events.map(\.kind) == [.snapshot("The first"), .snapshot("The first part."), .done])
        #expect(transcript.skipped == ["poll-error": 1])
    }

    /// End to end: the 401 ends the render `unauthorized`, with the notice and "Sign in".
    @Test func aRevokedSessionRendersItsEnding() throws {
        let transcript = try jsonl([
            #"{"t":0,"type":"delta","content":"The tenant shall pay. "}"#,
            #"{"t":300,"type":"error","status":401,"message":"session revoked"}"#
        ])
        var options = TestSupport.smallOptions()
        options.fps = 10
        let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
        #expect(loop.ending?.kind == .unauthorized)
        #expect(scenes.last?.placedOverlays.map(\.overlay.text) == [AppLanguage.english.unauthorizedNotice, AppLanguage.english.signIn])
    }

    /// 001's client sees text only when it polls, every 2 s, each poll bringing all that was
    /// generated since the last.
    @Test func thePollingNetworkDeliversEveryTwoSeconds() {
        let text = String(repeating: "The tenant shall pay the rent. ", count: 30)
        let transcript = TestSupport.transcript(text, network: .polling)
        let times = transcript.events.compactMap { event -> Double? in
            if case .delta = event.kind { return event.timeMs }
            return nil
        }
        #expect(times.first == 2000 && zip(times.dropFirst(), times).allSatisfy { $0 - $1 == 2000 })
        let arrived = transcript.events.compactMap { event -> String? in
            if case .delta(let piece) = event.kind { return piece }
            return nil
        }.joined()
        #expect(arrived == text)
    }
}
