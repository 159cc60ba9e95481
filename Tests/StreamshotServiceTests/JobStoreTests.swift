import Foundation
import LiveTestSupport
import Logging
import Streamshot
import Testing

@testable import StreamshotService

/// The job store's contract, run against both stores: the embedded SQLite one and PostgreSQL
/// (a real server, started for the suite). Then what only a shared store does: leases.
@Suite(.serialized, .onOwnThreads, .enabled(if: PostgresServer.available, "PostgreSQL is not installed (apt-get install postgresql)"))
struct JobStoreTests {
    static let logger = {
        var logger = Logger(label: "streamshot.tests.store")
        logger.logLevel = .error
        return logger
    }()

    /// Runs `body` against a fresh store of each kind; PostgreSQL's on a server of its own.
    static func eachStore(_ body: (String, any JobStore) async throws -> Void) async throws {
        try await body("sqlite", try SQLiteJobStore(path: NSTemporaryDirectory() + "streamshot-store-\(UUID().uuidString).sqlite"))
        let server = try PostgresServer()
        defer { server.stop() }
        let store = try await PostgresJobStore(url: server.url, logger: logger)
        defer { store.close() }
        try await body("postgres", store)
    }

    /// `--scale 1`, as a job's spec.
    static let scaleOne: RenderSpec = {
        var spec = RenderSpec()
        try? spec.set("scale", to: "1", in: RenderSettings.descriptors)
        return spec
    }()

    static func job(_ id: String, at ms: Int64, callback: String? = nil) -> RenderJobRecord {
        var job = RenderJobRecord(id: id, createdAtMs: ms, input: .jsonl, spec: scaleOne)
        job.callback = callback.map(Callback.init(url:))
        return job
    }

    @Test func theContractHoldsForBothStores() async throws {
        try await Self.eachStore { kind, store in
            for (index, id) in ["b", "a", "c"].enumerated() { try await store.insert(Self.job(id, at: Int64(1000 + index))) }
            #expect(try await store.jobs(status: nil).map(\.id) == ["c", "a", "b"], "\(kind): newest first")
            let first = try #require(try await store.claimNext(), "\(kind)")
            #expect(first.id == "b" && first.status == .running && first.attempts == 1, "\(kind): the oldest, once")
            #expect(try await store.count(status: .queued) == 2, "\(kind)")
            try await store.recordProgress("b", framesDone: 7)
            #expect(try await store.job("b")?.framesDone == 7, "\(kind)")
            #expect(try await store.finish("b", as: .succeeded, frames: 9, ending: "done", error: nil), "\(kind)")
            #expect(try await !store.finish("b", as: .failed, frames: nil, ending: nil, error: "again"), "\(kind): a job ends once")
            let ended = try #require(try await store.job("b"))
            #expect(ended.status == .succeeded && ended.frames == 9 && ended.framesDone == 9 && ended.ending == "done", "\(kind)")

            #expect(try await store.cancel("a")?.status == .cancelled, "\(kind)")
            let next = try #require(try await store.claimNext())
            #expect(next.id == "c", "\(kind): a cancelled job is not claimed")
            #expect(try await store.requeue("c", attemptMade: true), "\(kind)")
            #expect(try await store.job("c")?.status == .queued, "\(kind)")
            #expect(try await store.claimNext()?.attempts == 2, "\(kind): claimed again, counted again")
            // Claimed as the service stopped and stopped before a frame: that attempt is given back
            // (a loaded run counted 3 attempts for a session rendered twice).
            #expect(try await store.requeue("c", attemptMade: false), "\(kind)")
            #expect(try await store.job("c")?.attempts == 1, "\(kind): the attempt given back")
            #expect(try await store.claimNext()?.attempts == 2, "\(kind)")
            #expect(try await store.claimNext() == nil, "\(kind)")

            try await store.insert(Self.job("d", at: 2000, callback: "http://127.0.0.1:9/hook"))
            _ = try await store.claimNext()
            #expect(try await store.callbacksDue(nowMs: .max, limit: 100).isEmpty, "\(kind): no callback before the end")
            _ = try await store.finish("d", as: .failed, frames: nil, ending: nil, error: "boom")
            #expect(try await store.callbacksDue(nowMs: .max, limit: 100).map(\.id) == ["d"], "\(kind): due once ended")
            var callback = try #require(try await store.job("d")?.callback)
            callback.state = .delivered
            callback.attempts = 1
            try await store.recordCallback("d", callback)
            #expect(try await store.callbacksDue(nowMs: .max, limit: 100).isEmpty, "\(kind)")
            #expect(try await store.job("d")?.callback == callback, "\(kind)")
            try await store.delete("d")
            #expect(try await store.job("d") == nil, "\(kind)")

            // A live session's job is inserted running, held by the instance that opened it.
            var session = Self.job("e", at: 3000)
            session.status = .running
            session.attempts = 1
            try await store.insert(session)
            #expect(try await store.claimNext() == nil, "\(kind): a session's job is not taken by another worker")
            #expect(try await store.finish("e", as: .succeeded, frames: 3, ending: "done", error: nil), "\(kind): its instance ends it")
        }
    }

    /// Fifty admissions at once with five places: five get in, every other is told the queue holds five.
    @Test func queueAdmissionIsOneStep() async throws {
        try await Self.eachStore { kind, store in
            let admissions = try await withThrowingTaskGroup(of: QueueAdmission.self) { group in
                for index in 0..<50 {
                    group.addTask { try await store.insert(Self.job("q\(index)", at: Int64(index)), queueLimit: 5) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(admissions.filter { $0 == .queued }.count == 5, "\(kind)")
            #expect(admissions.filter { $0 == .full(waiting: 5) }.count == 45, "\(kind)")
            #expect(try await store.count(status: .queued) == 5, "\(kind)")
        }
    }

    /// Two instances on one database: a claimed job is nobody else's while its lease lives; once it
    /// runs out (the worker died), another instance takes it, and only that one can end it.
    @Test func aJobWhoseLeaseRanOutIsTakenOverAndEndsOnce() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let first = try await PostgresJobStore(url: server.url, leaseSeconds: 1, instance: "first", logger: Self.logger)
        let second = try await PostgresJobStore(url: server.url, leaseSeconds: 1, instance: "second", logger: Self.logger)
        defer {
            first.close()
            second.close()
        }
        try await first.insert(Self.job("j", at: 1))
        #expect(try await first.claimNext()?.attempts == 1)
        #expect(try await second.claimNext() == nil, "leased to the first")
        try await Task.sleep(for: .milliseconds(1300))
        let taken = try #require(try await second.claimNext(), "the lease ran out")
        #expect(taken.attempts == 2)
        #expect(try await !first.finish("j", as: .succeeded, frames: 1, ending: "done", error: nil), "the first lost it")
        try await first.recordProgress("j", framesDone: 99)
        #expect(try await second.job("j")?.framesDone == 0, "nor may it write progress")
        #expect(try await second.finish("j", as: .succeeded, frames: 2, ending: "done", error: nil))
        #expect(try await first.endings() == ["j": 1])
    }

    /// Instances claiming at once never take the same job (`FOR UPDATE SKIP LOCKED`).
    @Test func concurrentClaimsTakeEachJobOnce() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        var stores: [PostgresJobStore] = []
        for index in 0..<3 { stores.append(try await PostgresJobStore(url: server.url, instance: "i\(index)", logger: Self.logger)) }
        defer { for store in stores { store.close() } }
        for index in 0..<60 { try await stores[0].insert(Self.job(String(format: "job-%02d", index), at: Int64(index))) }
        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for store in stores {
                group.addTask {
                    var ids: [String] = []
                    while let job = try await store.claimNext() { ids.append(job.id) }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.count == 60 && Set(claimed).count == 60)
    }

    @Test func aBadDatabaseURLIsNamed() async throws {
        await #expect(throws: ServiceConfigurationError.self) {
            _ = try await PostgresJobStore(url: "mysql://x@y/z", logger: Self.logger)
        }
    }
}
