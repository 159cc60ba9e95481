import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Logging
import Streamshot
import Testing

@testable import StreamshotService

/// Callbacks that cannot be carried out, receivers that are gone, and the backoff: a stored
/// callback never stops a start, a dead receiver delays no other, retries come when documented.
@Suite(.onOwnThreads) struct CallbackDeliveryTests {
    /// A data folder whose store already holds ended jobs with these callbacks due, oldest first.
    static func seeded(_ urls: [String], configure: (inout ServiceConfiguration) -> Void = { _ in }) async throws -> ServiceConfiguration {
        let configuration = ServiceSupport.configuration {
            $0.callbackSecret = Array("secret".utf8)
            $0.callbackPollMs = 20
            // The receivers are on 127.0.0.1.
            $0.callbackAllowed = [.loopback]
            configure(&$0)
        }
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        let store = try SQLiteJobStore(path: configuration.dataDirectory + "/jobs.sqlite")
        for (index, url) in urls.enumerated() {
            var job = RenderJobRecord(id: "job-\(index)", createdAtMs: Int64(1000 + index), input: .jsonl, spec: RenderSpec())
            job.callback = Callback(url: url)
            try await store.insert(job)
            _ = try await store.claimNext()
            _ = try await store.finish(job.id, as: .failed, frames: nil, ending: nil, error: "seeded")
        }
        return configuration
    }

    /// Runs `body` with the URL of a live receiver on 127.0.0.1 that answers 204 to every POST.
    static func withReceiver(_ body: @escaping @Sendable (_ url: String) async throws -> Void) async throws {
        let router = Router()
        router.post("hook") { _, _ -> HTTPResponse.Status in .noContent }
        var quiet = Logger(label: "receiver")
        quiet.logLevel = .error
        let receiver = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
        try await receiver.test(.live) { client in try await body("http://127.0.0.1:\(try #require(client.port))/hook") }
    }

    /// Polls job `id` until its callback's state is `state` (or `seconds` pass).
    static func callback(_ client: some TestClientProtocol, _ id: String, becomes state: String, seconds: Double = 10) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var callback: [String: Any] = [:]
        repeat {
            callback = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)", method: .get))["callback"] as? [String: Any] ?? [:]
            if callback["state"] as? String == state { break }
            try await Task.sleep(for: .milliseconds(20))
        } while Date() < deadline
        return callback
    }

    @Test func aPortPast65535IsA400NamingIt() async throws {
        let app = try await ServiceSupport.application(
            ServiceSupport.configuration {
                $0.callbackSecret = [1]
                $0.callbackAllowed = [.loopback]
            })
        try await app.test(.router) { client in
            for (url, port) in [
                ("http://127.0.0.1:99999/hook", "99999"), ("http://127.0.0.1:0/hook", "0"),
                ("http://h:99999999999999999999/x", "99999999999999999999"), ("http://h:8o/x", "8o")
            ] {
                let response = try await ServiceSupport.submit(client, ServiceSupport.answer, query: "callbackUrl=\(url)")
                #expect(response.status == .badRequest, "\(url)")
                let detail = try ServiceSupport.json(response)["detail"] as? String ?? ""
                #expect(detail.contains("callbackUrl=") && detail.contains("port \(port)") && detail.contains("1 to 65535"), "\(detail)")
            }
            #expect(try await ServiceSupport.submit(client, ServiceSupport.answer, query: "callbackUrl=http://[::1]:65535/x").status == .accepted)
        }
    }

    /// A store holding the callback that once trapped at every start: the service starts, answers
    /// /healthz, and fails that callback once, saying why, without trying it.
    @Test func aStoredCallbackThatCannotBeCarriedOutIsFailedNotFatal() async throws {
        let configuration = try await Self.seeded(["http://127.0.0.1:99999/hook"])
        let app = try await ServiceSupport.application(configuration)
        try await app.test(.live) { client in
            let callback = try await Self.callback(client, "job-0", becomes: "failed", seconds: 60)
            #expect(callback["state"] as? String == "failed", "\(callback)")
            #expect(callback["attempts"] as? Int == 0, "not tried: \(callback)")
            #expect((callback["lastError"] as? String ?? "").contains("port 99999: expected a number from 1 to 65535"), "\(callback)")
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
        // Started again on the same store: nothing left due, and it still starts.
        let again = try await ServiceSupport.application(configuration)
        try await again.test(.live) { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            let callback = try await Self.callback(client, "job-0", becomes: "failed", seconds: 60)
            #expect(callback["attempts"] as? Int == 0)
        }
    }

    @Test func aServerWithoutItsSecretFailsTheCallbacksItCannotSign() async throws {
        let configuration = try await Self.seeded(["http://127.0.0.1:9/hook"]) { $0.callbackSecret = nil }
        let app = try await ServiceSupport.application(configuration)
        try await app.test(.live) { client in
            let callback = try await Self.callback(client, "job-0", becomes: "failed", seconds: 60)
            #expect((callback["lastError"] as? String ?? "").contains("--callback-secret-file"), "\(callback)")
        }
    }

    /// Three receivers that refuse, due before a live one: the live one is delivered at once, and
    /// each refusal is recorded within about a second (a refused connection was retried for 10 s,
    /// and deliveries went one at a time: the live one waited ~30 s). The bounds leave room for a
    /// machine busy with the rest of the suite.
    @Test func deadReceiversDelayNoOtherAndFailFast() async throws {
        try await Self.withReceiver { live in
            let dead = try (0..<3).map { _ in "http://127.0.0.1:\(try CrashRecoveryTests.freePort())/hook" }
            let app = try await ServiceSupport.application(try await Self.seeded(dead + [live]))
            try await app.test(.live) { client in
                let started = Date()
                let delivered = try await Self.callback(client, "job-3", becomes: "delivered", seconds: 30)
                let seconds = Date().timeIntervalSince(started)
                #expect(delivered["state"] as? String == "delivered")
                #expect(seconds < 20, "the live receiver waited \(seconds) s (it waited ~30 s behind refusals before)")
                for index in 0..<3 {
                    let refused = try await Self.callback(client, "job-\(index)", becomes: "pending", seconds: 5)
                    #expect((refused["attempts"] as? Int ?? 0) >= 1, "tried: \(refused)")
                    #expect((refused["lastError"] as? String ?? "").contains("refused"), "refused and recorded: \(refused)")
                }
                #expect(Date().timeIntervalSince(started) < 25, "every refusal recorded, each within seconds of its try (10 s each before)")
            }
        }
    }

    /// A backlog goes out as fast as the receiver answers: a delivery that ends starts the next at
    /// once, not at the next poll (8 every 250 ms delivered 10,000 in 278 s). The poll here is an
    /// hour and 4 go at a time: a poll-paced sender delivers the first 4 at its start and no more
    /// within the test, so all 60 delivered is the proof, whatever the machine's speed.
    @Test func aBacklogIsDeliveredAsFastAsTheReceiverAnswers() async throws {
        try await Self.withReceiver { live in
            let configuration = try await Self.seeded(Array(repeating: live, count: 60)) {
                $0.callbackPollMs = 3_600_000
                $0.callbackConcurrency = 4
            }
            let app = try await ServiceSupport.application(configuration)
            try await app.test(.live) { client in
                let last = try await Self.callback(client, "job-59", becomes: "delivered", seconds: 120)
                #expect(last["state"] as? String == "delivered", "the backlog waited on the poll: \(last)")
            }
        }
    }

    /// A list of due callbacks read before an attempt ended still holds the job as it was; that
    /// stale record starts no second delivery (under load a receiver got six POSTs for four attempts).
    @Test func aStaleReadOfADueCallbackStartsNoSecondDelivery() {
        let inFlight = CallbackSender.InFlight()
        #expect(inFlight.start("job-0", attempts: 0, limit: 8))
        #expect(!inFlight.start("job-0", attempts: 0, limit: 8), "under way")
        inFlight.end("job-0", attempts: 1)
        #expect(!inFlight.start("job-0", attempts: 0, limit: 8), "read before the attempt was recorded")
        #expect(inFlight.start("job-0", attempts: 1, limit: 8), "read after it: the next attempt")
    }

    /// A receiver that keeps answering 503 is tried again after 1, 2, 4 … times the base (here 200 ms).
    @Test func retriesFollowTheDocumentedBackoff() async throws {
        let times = Times()
        let receiverRouter = Router()
        receiverRouter.post("hook") { _, _ -> HTTPResponse.Status in
            times.add()
            return .serviceUnavailable
        }
        var quiet = Logger(label: "receiver")
        quiet.logLevel = .error
        let receiver = Application(router: receiverRouter, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
        try await receiver.test(.live) { receiverClient in
            let hook = "http://127.0.0.1:\(try #require(receiverClient.port))/hook"
            let app = try await ServiceSupport.application(
                try await Self.seeded([hook]) {
                    $0.callbackRetryBaseMs = 200
                    $0.callbackMaxAttempts = 4
                })
            try await app.test(.live) { client in
                let callback = try await Self.callback(client, "job-0", becomes: "failed", seconds: 60)
                #expect(callback["attempts"] as? Int == 4 && callback["lastError"] as? String == "the receiver answered 503", "\(callback)")
                let gaps = zip(times.all.dropFirst(), times.all).map { $0.timeIntervalSince($1) }
                #expect(gaps.count == 3)
                for (index, gap) in gaps.enumerated() {
                    let expected = 0.2 * Double(1 << index)
                    #expect(gap >= expected - 0.01 && gap < expected + 3, "gap \(index + 1): \(gap) s, expected \(expected) s")
                }
            }
        }
    }

    final class Times: @unchecked Sendable {
        private let lock = NSLock()
        private var times: [Date] = []
        func add() { lock.withLock { times.append(Date()) } }
        var all: [Date] { lock.withLock { times } }
    }
}
