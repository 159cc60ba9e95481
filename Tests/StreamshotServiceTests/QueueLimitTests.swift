import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Testing

@testable import StreamshotService

/// `--max-queue` holds when submissions race: the count and the insert are one step, so 50
/// POSTs at once never put more than the limit in the queue (10 of 50 got in, 9 waiting at
/// once, when they were two steps apart).
@Suite(.onOwnThreads) struct QueueLimitTests {
    @Test func fiftyConcurrentSubmissionsNeverQueueMoreThanTheLimit() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.maxQueue = 5 })
        try await app.test(.live) { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            // The one worker is busy for the whole burst: every place in the queue is a waiting job.
            let running = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.longAnswer))["id"] as? String)
            try await ServiceSupport.waitUntilRunning(client, running)
            let watching = Task { try await Self.mostQueued(base) }
            let answers = try await withThrowingTaskGroup(of: (status: Int, detail: String).self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let (body, status) = try await CrashRecoveryTests.request(
                            base + "/v1/renders?size=390x300&scale=1", method: "POST",
                            body: ServiceSupport.answer)
                        return (status, body["detail"] as? String ?? "")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            watching.cancel()
            let most = try await watching.value
            #expect(answers.filter { $0.status == 202 }.count == 5, "\(answers.map(\.status))")
            let refused = answers.filter { $0.status == 429 }
            #expect(refused.count == 45)
            #expect(refused.allSatisfy { $0.detail.hasPrefix("5 jobs are waiting") }, "\(refused.map(\.detail))")
            #expect(most <= 5, "at most 5 waiting at any time, seen \(most)")
            let queued = (try await CrashRecoveryTests.request(base + "/v1/renders?status=queued").body["renders"] as? [Any])?.count
            #expect(queued == 5)
        }
    }

    /// The most jobs seen queued at once, looking until cancelled.
    static func mostQueued(_ base: String) async throws -> Int {
        var most = 0
        while !Task.isCancelled {
            // Cancelling this task cancels the request under way: that ends the watch, it is no failure.
            guard let list = try? await CrashRecoveryTests.request(base + "/v1/renders?status=queued") else { break }
            most = max(most, (list.body["renders"] as? [Any])?.count ?? 0)
            try? await Task.sleep(for: .milliseconds(5))
        }
        return most
    }
}
