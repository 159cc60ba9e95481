import Foundation
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotRecorder

/// Issue 14's misbehaving servers: each recording ends, with its reason written and logged.
@Suite(.serialized, .onOwnThreads) struct RecorderHardeningTests {
    @Test func aLineThatNeverEndsEndsTheRecordingAtTheLimit() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = RecorderTests.capturePath("endless-line")
        var policy = RecorderTests.fastPolicy()
        // A small limit and an idle time longer than the whole suite: the recorder reads on Swift's
        // cooperative threads, which the suite's synchronous render tests can hold for minutes on
        // two cores, so the line may arrive that late, and no event comes with it.
        policy.maxLineBytes = 100_000
        policy.idleTimeout = .seconds(1800)
        let outcome = try await Recorder(policy: policy).record(RecordRequest(url: server.url("/endless-line")), to: path)
        #expect(outcome.ending == .lineTooLong)
        #expect(outcome.events == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(": end line-too-long (a line or event passed 100000 bytes)"))
    }

    @Test func keepAliveCommentsDoNotKeepAnIdleStreamAlive() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = RecorderTests.capturePath("keep-alive")
        var policy = RecorderTests.fastPolicy()
        policy.idleTimeout = .milliseconds(400)
        let outcome = try await Recorder(policy: policy).record(RecordRequest(url: server.url("/keep-alive")), to: path)
        #expect(outcome.ending == .idle)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(": end incomplete"))
    }

    @Test func invalidUTF8FromTheServerIsAWarningInTheReplay() async throws {
        let server = try SSETestServer()
        defer { server.stop() }
        let path = RecorderTests.capturePath("invalid-utf8")
        let outcome = try await Recorder(policy: RecorderTests.fastPolicy()).record(RecordRequest(url: server.url("/invalid-utf8")), to: path)
        #expect(outcome.ending == .done)
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        let warning = try #require(transcript.warnings.first { $0.kind == .invalidUTF8 })
        #expect(warning.message.contains("the server sent bytes that are not UTF-8 (line 3 of connection 1); written as U+FFFD"))
    }

    @Test func aRefusedFirstConnectionIsAnErrorNotADrop() async throws {
        let server = try SSETestServer()
        let url = server.url("/stream")
        server.stop()
        await #expect {
            try await Recorder(policy: RecorderTests.fastPolicy()).record(RecordRequest(url: url), to: RecorderTests.capturePath("refused"))
        } throws: { error in
            (error as? RecordError)?.message.contains("the first connection failed before any event") == true
        }
    }
}
