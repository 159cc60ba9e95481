import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Logging
import Streamshot

@testable import StreamshotService

/// A service on a temporary data folder, and what its tests ask it.
enum ServiceSupport {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func configuration(_ configure: (inout ServiceConfiguration) -> Void = { _ in }) -> ServiceConfiguration {
        var configuration = ServiceConfiguration(dataDirectory: NSTemporaryDirectory() + "streamshot-service-\(UUID().uuidString)")
        configuration.port = 0
        configuration.workers = 1
        configuration.progressIntervalMs = 50
        // The server's own tasks on the live suites' threads: never behind a render test (LiveTestSupport).
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { configuration.taskExecutor = DedicatedThreads.shared }
        configuration.fontsDirectory = FontLocator.defaultDirectory(packageRoot: checkout)
        configure(&configuration)
        return configuration
    }

    /// The service as a test runs it: its log kept to errors.
    static func application(_ configuration: ServiceConfiguration) async throws -> some ApplicationProtocol {
        var logger = Logger(label: "streamshot.serve.tests")
        logger.logLevel = .error
        return try await buildApplication(configuration, logger: logger)
    }

    /// A short Arabic answer as JSON Lines: three blocks in a second.
    static let answer = """
        {"t":100,"type":"delta","content":"## البند الأول\\n\\n"}
        {"t":400,"type":"delta","content":"يلتزم المستأجر بدفع الإيجار في موعده.\\n\\n"}
        {"t":700,"type":"delta","content":"The notice period runs from receipt."}
        {"t":900,"type":"done"}

        """

    /// A long one: a clause every 200 ms for a minute of stream.
    static var longAnswer: String { clauses(300) }

    /// `count` clauses, one every 200 ms, then done.
    static func clauses(_ count: Int) -> String {
        (0..<count).map { "{\"t\":\($0 * 200),\"type\":\"delta\",\"content\":\"يلتزم المستأجر بدفع الإيجار في موعده المحدد. \"}" }
            .joined(separator: "\n") + "\n{\"t\":\(count * 200),\"type\":\"done\"}\n"
    }

    static func submit(
        _ client: some TestClientProtocol, _ body: String, query: String = "size=390x300&scale=1",
        headers: HTTPFields = [.contentType: "application/x-ndjson"]
    ) async throws -> TestResponse {
        try await client.execute(uri: "/v1/renders?" + query, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]) ?? [:]
    }

    /// Polls the job until it has ended (or `seconds` pass), returning its last state.
    static func waitForEnd(
        _ client: some TestClientProtocol, _ id: String, headers: HTTPFields = [:],
        seconds: Double = 120
    ) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let state = try json(try await client.execute(uri: "/v1/renders/\(id)", method: .get, headers: headers))
            let status = state["status"] as? String ?? ""
            if ["succeeded", "failed", "cancelled"].contains(status) || Date() > deadline { return state }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the job is running.
    static func waitUntilRunning(_ client: some TestClientProtocol, _ id: String) async throws {
        for _ in 0..<2000 {
            let state = try json(try await client.execute(uri: "/v1/renders/\(id)", method: .get))
            if state["status"] as? String == "running", (state["framesDone"] as? Int ?? 0) > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
