import Foundation
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotRecorder

/// `record` on an NDJSON endpoint (Ollama's `/api/chat`): the lines written as JSON Lines, each
/// stamped with its arrival `t`, which `render` reads back as recorded.
@Suite(.serialized, .onOwnThreads) struct RecorderNDJSONTests {
    static func path(_ name: String, _ ext: String = "jsonl") -> String {
        NSTemporaryDirectory() + "streamshot-record-\(name)-\(UUID().uuidString).\(ext)"
    }

    /// Idle only after 60 s: these tests do not test idleness, and on a loaded machine (the whole
    /// suite in parallel on two cores, a consumer package compiling beside it) the reading task
    /// waited over 15 s for its turn, so the client stopped reading and its read timed out.
    static func patientPolicy() -> RecordPolicy {
        var policy = RecorderTests.fastPolicy()
        policy.idleTimeout = .seconds(60)
        return policy
    }

    @Test func ndjsonIsWrittenStampedAndReplaysAsRecorded() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.path("ndjson")
        let outcome = try await Recorder(policy: Self.patientPolicy()).record(
            RecordRequest(url: server.url("/ndjson"), method: "POST", headers: [("Authorization", "Bearer sk-live-secret")]), to: path)
        #expect(outcome == RecordOutcome(ending: .done, events: SSETestServer.words.count + 1, reconnects: 0, duplicatesDropped: 0))
        let capture = try String(contentsOfFile: path, encoding: .utf8)
        let lines = capture.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"streamshot":"streamshot record POST http://127.0.0.1:"#) == true)
        #expect(lines.contains(#"{"streamshot":"header Authorization: [redacted]"}"#) && !capture.contains("sk-live-secret"))
        // The server's bytes kept, `t` put first; the line split across two writes is one line.
        let second = try #require(lines.first { $0.contains("إيجار") })
        #expect(
            second.hasPrefix(#"{"t":"#)
                && second.hasSuffix(
                    #","model":"qwen3:8b","created_at":"2025-11-20T10:00:00Z","message":{"role":"assistant","content":"إيجار "},"done":false}"#)
        )

        let transcript = try InputLoader.load(path: path, network: .steady, seed: 1)
        #expect(transcript.format == "ollama")
        #expect(transcript.warnings.isEmpty)
        #expect(transcript.carriesTimes, "played as recorded, not by a network")
        #expect(transcript.events.compactMap { if case .delta(let text) = $0.kind { text } else { nil } } == SSETestServer.words)
        #expect(transcript.events.last?.kind == .done)
        // The replay's times are the capture's stamps, line for line. (Not the server's 100 ms
        // cadence itself: a stamp is when the recorder read the line, and under the whole suite's
        // load in CI the reader waited seconds and then read every line at once.)
        let stamps = lines.compactMap { line -> Double? in
            guard line.hasPrefix(#"{"t":"#), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return object["t"] as? Double
        }
        let times = transcript.events.map(\.timeMs)
        #expect(times == times.sorted() && stamps == stamps.sorted() && stamps.count == SSETestServer.words.count + 1, "\(times)")
        #expect(Set(times).isSubset(of: Set(stamps)), "each event at its line's stamp: \(times) vs \(stamps)")
    }

    @Test func aClosedNDJSONStreamEndsAsIncompleteWithoutAReconnect() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.path("ndjson-closed")
        let outcome = try await Recorder(policy: Self.patientPolicy()).record(RecordRequest(url: server.url("/ndjson-closed")), to: path)
        #expect(outcome == RecordOutcome(ending: .closed, events: SSETestServer.words.count, reconnects: 0, duplicatesDropped: 0))
        #expect(server.seen.count == 1, "asking again would start another answer")
        let transcript = try InputLoader.load(path: path, network: .steady, seed: 1)
        #expect(transcript.warnings.isEmpty)
        #expect(transcript.events.count == SSETestServer.words.count, "every line, and no done")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""streamshot":"end incomplete (the server closed the NDJSON stream"#))
    }

    @Test func anNDJSONAnswerToAnSSEPathIsAClearError() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = Self.path("ndjson-wrong", "sse")
        await #expect {
            try await Recorder(policy: Self.patientPolicy()).record(RecordRequest(url: server.url("/ndjson")), to: path)
        } throws: { error in
            (error as? RecordError)?.message.contains("the server answered with NDJSON (application/x-ndjson): record it to a .jsonl file") == true
        }
    }
}
