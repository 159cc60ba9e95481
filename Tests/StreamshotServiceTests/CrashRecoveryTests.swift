import Foundation
import LiveTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real binary, killed with SIGKILL mid-job and started again on the same data folder:
/// every job ends succeeded, none is served half-written, and SIGTERM stops it cleanly.
@Suite(.serialized, .onOwnThreads) struct CrashRecoveryTests {
    static let binary = ServiceSupport.checkout + "/.build/debug/streamshot"

    /// A clause every 200 ms for 20 s: long enough to be killed in the middle of.
    static let answer =
        (0..<100).map { "{\"t\":\($0 * 200),\"type\":\"delta\",\"content\":\"يلتزم المستأجر بدفع الإيجار في موعده المحدد. \"}" }
        .joined(separator: "\n") + "\n{\"t\":20000,\"type\":\"done\"}\n"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs the streamshot binary that swift test builds"))
    func killedMidJobAndRestartedItFinishesEveryJob() async throws {
        let data = NSTemporaryDirectory() + "streamshot-crash-\(UUID().uuidString)"
        let port = try Self.freePort()
        let first = try Self.serve(data: data, port: port)
        let base = "http://127.0.0.1:\(port)"
        try await Self.waitForHealth(base)
        var ids: [String] = []
        for _ in 0..<3 {
            let (body, status) = try await Self.request("\(base)/v1/renders?size=390x300&scale=1", method: "POST", body: Self.answer)
            #expect(status == 202)
            ids.append(try #require(body["id"] as? String))
        }
        // Killed once the first job is well under way (a busy machine may take a while to get there).
        for _ in 0..<3000 {
            if (try await Self.request("\(base)/v1/renders/\(ids[0])").body["framesDone"] as? Int ?? 0) > 50 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()

        let second = try Self.serve(data: data, port: port)
        try await Self.waitForHealth(base)
        let (early, earlyStatus) = try await Self.request("\(base)/v1/renders/\(ids[0])/manifest.json")
        #expect(earlyStatus == 409, "a job cut short is not served: \(early)")
        var ended: [[String: Any]] = []
        for id in ids {
            let deadline = Date().addingTimeInterval(180)
            var state: [String: Any] = [:]
            repeat {
                state = try await Self.request("\(base)/v1/renders/\(id)").body
                try await Task.sleep(for: .milliseconds(100))
            } while !["succeeded", "failed", "cancelled"].contains(state["status"] as? String ?? "") && Date() < deadline
            ended.append(state)
        }
        #expect(ended.allSatisfy { $0["status"] as? String == "succeeded" }, "\(ended)")
        #expect((ended[0]["attempts"] as? Int ?? 0) == 2, "the job killed mid-render ran again: \(ended[0])")
        #expect(Set(ended.compactMap { $0["frames"] as? Int }).count == 1, "the same stream, the same frames: \(ended)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: "\(data)/jobs/\(ids[0])")) ?? []
        #expect(!left.contains { $0.hasPrefix("render.partial-") }, "the killed attempt's folder went once the job succeeded: \(left)")

        kill(second.processIdentifier, SIGTERM)
        second.waitUntilExit()
        #expect(second.terminationReason == .exit)
    }

    /// A live session whose server dies (SIGKILL) or stops (SIGTERM) mid-stream is rendered, at the
    /// next start, from what had arrived: nothing the client sent is lost.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs the streamshot binary that swift test builds"))
    func aSessionCutShortIsRenderedFromWhatArrived() async throws {
        let data = NSTemporaryDirectory() + "streamshot-crash-session-\(UUID().uuidString)"
        let port = try Self.freePort()
        let base = "http://127.0.0.1:\(port)"
        for signal in [SIGKILL, SIGTERM] {
            let server = try Self.serve(data: data, port: port)
            try await Self.waitForHealth(base)
            let (opened, status) = try await Self.request(
                "\(base)/v1/sessions?input=trace", method: "POST",
                body: """
                    {"t":0,"type":"start","version":1,"platform":"swiftui","viewport":{"width":300,"height":200,"scale":1}}
                    {"t":100,"type":"show","append":"Arrived before "}
                    {"t":300,"type":"show","append":"the server went away"}

                    """)
            #expect(status == 201)
            let id = try #require(opened["id"] as? String)
            for _ in 0..<3000 {
                if ((try await Self.request("\(base)/v1/renders/\(id)").body["framesDone"] as? Int) ?? 0) > 5 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(server.processIdentifier, signal)
            server.waitUntilExit()
            if signal == SIGTERM { #expect(server.terminationReason == .exit, "SIGTERM stops the server cleanly mid-session") }

            let restarted = try Self.serve(data: data, port: port)
            try await Self.waitForHealth(base)
            var state: [String: Any] = [:]
            let deadline = Date().addingTimeInterval(120)
            repeat {
                state = try await Self.request("\(base)/v1/renders/\(id)").body
                try await Task.sleep(for: .milliseconds(100))
            } while state["status"] as? String != "succeeded" && Date() < deadline
            #expect(state["status"] as? String == "succeeded", "\(state)")
            #expect(state["ending"] as? String == "incomplete", "the trace stops without an end: \(state)")
            #expect(state["attempts"] as? Int == 2, "rendered again at the restart: \(state)")
            let manifest = try await Self.request("\(base)/v1/renders/\(id)/manifest.json").body
            #expect(manifest["text"] as? String == "Arrived before the server went away")
            kill(restarted.processIdentifier, SIGTERM)
            restarted.waitUntilExit()
        }
    }

    /// The server binary as a child that holds none of this process's descriptors (`ChildProcess`): with
    /// `Foundation.Process`, it could keep a connection that a live test's server had just accepted, and closed.
    static func serve(data: String, port: Int, extra: [String] = []) throws -> ChildProcess {
        try ChildProcess(binary, ["serve", "--data", data, "--port", "\(port)", "--workers", "1"] + extra, output: .discard)
    }

    static func waitForHealth(_ base: String) async throws {
        for _ in 0..<300 {
            if (try? await request(base + "/healthz"))?.status == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    static func request(_ url: String, method: String = "GET", body: String? = nil) async throws -> (body: [String: Any], status: Int) {
        let (data, status) = try await LocalHTTP.request(
            url, method: method, body: body.map { Data($0.utf8) },
            contentType: body == nil ? nil : "application/x-ndjson")
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (object, status)
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
