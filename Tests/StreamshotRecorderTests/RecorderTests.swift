import Foundation
import Streamshot
import Testing
@testable import StreamshotRecorder

@Suite(.serialized) struct RecorderTests {
    static func fastPolicy() -> RecordPolicy {
        var policy = RecordPolicy()
        policy.retryDelay = .milliseconds(100)
        policy.idleTimeout = .milliseconds(400)
        return policy
    }

    static func capturePath(_ name: String) -> String {
        NSTemporaryDirectory() + "streamshot-record-\(name)-\(UUID().uuidString).sse"
    }

    @Test func recordsAcrossADropWithLastEventIDAndReplaysEveryEventOnce() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.capturePath("drop")
        let request = RecordRequest(url: server.url("/stream"), method: "POST",
                                    headers: [("Authorization", "Bearer sk-live-secret"), ("Cookie", "session=abc123")],
                                    body: Array("{\"q\":\"lease\"}".utf8))
        let logged = LogLines()
        let outcome = try await Recorder(policy: Self.fastPolicy()).record(request, to: path) { logged.append($0) }
        #expect(outcome == RecordOutcome(ending: .done, events: SSETestServer.words.count + 1, reconnects: 1, duplicatesDropped: 1),
                "log: \(logged.lines)")

        // The client rules, as the server saw them.
        let seen = server.seen
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0.header("Accept") == "text/event-stream" && $0.header("Cache-Control") == "no-store" })
        #expect(seen[0].header("Last-Event-ID") == nil)
        #expect(seen[1].header("Last-Event-ID") == "4")

        // No secret in the capture or the log.
        let capture = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["sk-live-secret", "abc123"] {
            #expect(!capture.contains(secret))
            #expect(!logged.lines.joined().contains(secret))
        }
        #expect(capture.contains("header Authorization: [redacted]"))
        #expect(capture.contains(": reconnect attempt=1 last-event-id=4"))

        // The replay: every event once, in order, with the reconnect visible.
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .instant, seed: 1)
        let texts = transcript.events.compactMap { event -> String? in
            if case .delta(let text) = event.kind { return text }
            return nil
        }
        #expect(texts == SSETestServer.words)
        #expect(transcript.events.filter { $0.kind == .reconnect("attempt=1 last-event-id=4") }.count == 1)
        #expect(transcript.events.last?.kind == .done)
        let times = transcript.events.map(\.timeMs)
        #expect(times == times.sorted())
        let ids = SSESource.capture(bytes: Array(capture.utf8)).items.compactMap { item -> String? in
            if case .event(let timed) = item { return timed.event.lastEventId }
            return nil
        }
        #expect(ids == (1...SSETestServer.words.count + 1).map(String.init))
    }

    @Test func givesUpAfterThreeReconnects() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.capturePath("give-up")
        let outcome = try await Recorder(policy: Self.fastPolicy()).record(RecordRequest(url: server.url("/always-drop")), to: path)
        #expect(outcome.ending == .gaveUp)
        #expect(outcome.reconnects == 3)
        #expect(outcome.events == 1) // the same event each time, written once
        #expect(server.seen.count == 4)
    }

    @Test func anIdleStreamEndsAsIncomplete() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.capturePath("idle")
        let outcome = try await Recorder(policy: Self.fastPolicy()).record(RecordRequest(url: server.url("/idle")), to: path)
        #expect(outcome.ending == .idle)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(": end incomplete"))
    }

    @Test func a401EndsTheRecording() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let outcome = try await Recorder(policy: Self.fastPolicy()).record(RecordRequest(url: server.url("/unauthorized")),
                                                                           to: Self.capturePath("401"))
        #expect(outcome.ending == .unauthorized)
        #expect(server.seen.count == 1)
    }

    @Test func nonSSEResponsesAndHTTPErrorsAreClearErrors() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        await #expect {
            try await Recorder(policy: Self.fastPolicy()).record(RecordRequest(url: server.url("/html")), to: Self.capturePath("html"))
        } throws: { error in
            (error as? RecordError)?.message.contains("expected Content-Type text/event-stream, got text/html") == true
        }
        await #expect {
            try await Recorder(policy: Self.fastPolicy()).record(RecordRequest(url: server.url("/missing?api_key=hunter2")),
                                                                  to: Self.capturePath("500"))
        } throws: { error in
            let message = (error as? RecordError)?.message ?? ""
            return message.contains("HTTP 500") && message.contains("boom") && !message.contains("hunter2")
        }
        await #expect(throws: RecordError.self) {
            try await Recorder().record(RecordRequest(url: "ftp://example"), to: Self.capturePath("url"))
        }
    }

    @Test func redactsCredentialsInHeadersAndURLs() {
        #expect(Redaction.headerValue(name: "authorization", value: "Bearer x") == "[redacted]")
        #expect(Redaction.headerValue(name: "X-Request-Id", value: "42") == "42")
        #expect(Redaction.url("https://u:p@api.example/v1?key=s3cret&model=m") == "https://%5Bredacted%5D:%5Bredacted%5D@api.example/v1?key=%5Bredacted%5D&model=m")
    }
}

/// Collects log lines from the recorder's callback.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ line: String) { lock.withLock { storage.append(line) } }
    var lines: [String] { lock.withLock { storage } }
}
