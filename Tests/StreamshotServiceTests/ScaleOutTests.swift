import Foundation
import LiveTestSupport
import Logging
import Testing

@testable import StreamshotService

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Three `streamshot serve` processes on one PostgreSQL database and one data folder take 30
/// jobs; one is killed with SIGKILL mid-job. Every job ends succeeded, exactly once, with the
/// same frames, and every instance serves every job.
@Suite(
    .serialized, .onOwnThreads,
    .enabled(
        if: PostgresServer.available && FileManager.default.isExecutableFile(atPath: CrashRecoveryTests.binary),
        "needs PostgreSQL (apt-get install postgresql) and the streamshot binary"))
struct ScaleOutTests {
    @Test func threeInstancesTakeThirtyJobsAndOneIsKilledMidJob() async throws {
        let database = try PostgresServer()
        defer { database.stop() }
        let data = NSTemporaryDirectory() + "streamshot-scale-\(UUID().uuidString)"
        var ports: [Int] = []
        var servers: [ChildProcess] = []
        for index in 0..<3 {
            let port = try CrashRecoveryTests.freePort()
            servers.append(
                try CrashRecoveryTests.serve(
                    data: data, port: port,
                    extra: ["--database", database.url, "--lease", "2", "--instance", "instance-\(index)"]))
            ports.append(port)
        }
        defer { for server in servers where server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let bases = ports.map { "http://127.0.0.1:\($0)" }
        for base in bases { try await CrashRecoveryTests.waitForHealth(base) }

        var ids: [String] = []
        for index in 0..<30 {
            let (body, status) = try await CrashRecoveryTests.request(
                "\(bases[index % 3])/v1/renders?size=390x300&scale=1", method: "POST",
                body: ServiceSupport.clauses(12))
            #expect(status == 202)
            ids.append(try #require(body["id"] as? String))
        }
        var logger = Logger(label: "streamshot.tests.scale")
        logger.logLevel = .error
        let store = try await PostgresJobStore(url: database.url, logger: logger)
        defer { store.close() }
        // The first instance is killed while it holds a job: stopped first, so what it holds
        // cannot change between the look and the kill.
        let held = try await Self.killHolding(servers[0], named: "instance-0", store: store)

        var ended: [[String: Any]] = []
        for (index, id) in ids.enumerated() {
            ended.append(try await Self.waitForEnd(bases[1 + index % 2], id))
        }
        #expect(ended.allSatisfy { $0["status"] as? String == "succeeded" }, "\(ended.filter { $0["status"] as? String != "succeeded" })")
        let rerun = zip(ids, ended).filter { held.contains($0.0) }.map { $0.1["attempts"] as? Int ?? 0 }
        #expect(rerun.count == held.count && rerun.allSatisfy { $0 >= 2 }, "each job the killed instance held ran again elsewhere: \(rerun)")
        let endings = try await store.endings()
        #expect(ids.allSatisfy { endings[$0] == 1 }, "each job ended exactly once: \(endings.filter { $0.value != 1 })")

        // The same stream, the same frames, served by either instance left.
        let frames = Set(ended.compactMap { $0["frames"] as? Int })
        #expect(frames.count == 1, "\(frames)")
        let last = String(format: "%06d.png", (frames.first ?? 1) - 1)
        var bytes: Set<Data> = []
        for (index, id) in ids.enumerated() {
            let (data, status) = try await Self.download("\(bases[1 + index % 2])/v1/renders/\(id)/frames/\(last)")
            #expect(status == 200)
            bytes.insert(data)
        }
        #expect(bytes.count == 1, "every job's last frame is the same bytes")
        for server in servers.dropFirst() {
            kill(server.processIdentifier, SIGTERM)
            server.waitUntilExit()
        }
    }

    /// Stops `server` (SIGSTOP) until the store shows it holding a job, then kills it: the jobs it
    /// held at its death, never empty.
    static func killHolding(_ server: ChildProcess, named instance: String, store: PostgresJobStore) async throws -> Set<String> {
        for _ in 0..<600 {
            kill(server.processIdentifier, SIGSTOP)
            let held = Set(try await store.holders().filter { $0.value == instance }.keys)
            if !held.isEmpty {
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
                return held
            }
            kill(server.processIdentifier, SIGCONT)
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(instance) never held a job")
        return []
    }

    static func waitForEnd(_ base: String, _ id: String) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(240)
        var state: [String: Any] = [:]
        repeat {
            state = try await CrashRecoveryTests.request("\(base)/v1/renders/\(id)").body
            if ["succeeded", "failed", "cancelled"].contains(state["status"] as? String ?? "") { return state }
            try await Task.sleep(for: .milliseconds(100))
        } while Date() < deadline
        return state
    }

    static func download(_ url: String) async throws -> (Data, Int) {
        try await LocalHTTP.request(url)
    }
}
