import Foundation
import Hummingbird
import LiveTestSupport
import Logging
import Streamshot
import Testing

@testable import StreamshotService

/// `/openapi.json` is true: its operations are the router's, and the live server answers as it says.
@Suite(.onOwnThreads) struct OpenAPIDocumentTests {
    @Test func theDocumentNamesEveryRouteAndNoOther() throws {
        let configuration = ServiceSupport.configuration()
        let store = try SQLiteJobStore(path: NSTemporaryDirectory() + "openapi-\(UUID().uuidString).sqlite")
        let files = JobFiles(dataDirectory: configuration.dataDirectory)
        let metrics = ServiceMetrics()
        let runner = JobRunner(store: store, files: files, configuration: configuration, metrics: metrics, logger: Logger(label: "openapi"))
        let router = buildRouter(
            store: store, files: files,
            sessions: LiveSessions(store: store, files: files, runner: runner, configuration: configuration),
            metrics: metrics, configuration: configuration)
        let routed = Set(router.routes.map { "\($0.method.rawValue) \("\($0.path)".hasPrefix("/") ? "" : "/")\($0.path)" })
        let paths = try #require(OpenAPIDocument.document["paths"] as? [String: [String: Any]])
        let documented = Set(
            paths.flatMap { path, operations in
                operations.keys.map { "\($0.uppercased()) \(path)" }
            })
        #expect(
            routed == documented,
            "routed only: \(routed.subtracting(documented).sorted()); documented only: \(documented.subtracting(routed).sorted())")
        // Every render option of the CLI is a query parameter of POST /v1/renders (but the server's own).
        let post = try #require(paths["/v1/renders"]?["post"] as? [String: Any])
        let names = Set((post["parameters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == Set(["input", "callbackUrl"] + RenderSettings.optionNames).subtracting(RenderRequest.serverOptions))
        // Each says what the option's help says, and the values a named one takes.
        let parameters = (post["parameters"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["description"] as? String ?? "") }
        let descriptions = Dictionary(parameters, uniquingKeysWith: { first, _ in first })
        for descriptor in RenderRequest.requestDescriptors where descriptor.name != "mapping" {
            let description = descriptions[descriptor.name] ?? ""
            #expect(description.contains(descriptor.help), "\(descriptor.name): \(description)")
            if let values = descriptor.valueNames { #expect(description.contains(values.joined(separator: ", ")), "\(descriptor.name)") }
        }
    }

    /// schemathesis (PyPI), against the real binary: no server error, every status, content type
    /// and body as documented. Its fuzzing and stateful phases (submit, then follow the links);
    /// its coverage phase is left out: schemathesis 4.32 sometimes fails inside it (a KeyError of
    /// its own), and an error of the tool must not read as one of the server's.
    @Test(
        .enabled(
            if: Self.schemathesis != nil && FileManager.default.isExecutableFile(atPath: CrashRecoveryTests.binary),
            "needs schemathesis (scripts/setup.sh installs it) and the streamshot binary"))
    func schemathesisFindsNoServerErrorOrSchemaViolation() async throws {
        let port = try CrashRecoveryTests.freePort()
        let server = try CrashRecoveryTests.serve(
            data: NSTemporaryDirectory() + "streamshot-openapi-\(UUID().uuidString)", port: port,
            extra: [
                "--max-frames", "20", "--max-queue", "4", "--max-body", "64KB",
                "--max-sessions", "4", "--session-idle", "2"
            ])
        defer { server.terminate() }
        try await CrashRecoveryTests.waitForHealth("http://127.0.0.1:\(port)")
        let checks = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"
        let (status, output) = try await Self.run(
            Self.schemathesis!,
            [
                "run", "http://127.0.0.1:\(port)/openapi.json", "--checks", checks,
                "--phases", "fuzzing,stateful", "--max-examples", "25", "--workers", "2",
                "--seed", "1"
            ])
        // A finding about the server is a FAILURES section; a crash inside schemathesis or
        // hypothesis (a "Runtime Error" of its own, seen in its parameter generation) is only an
        // ERRORS one, and says nothing about the server: it is reported, not failed on.
        #expect(status == 0 || !output.contains("= FAILURES ="), "\(output)")
        #expect(status == 0 || output.contains("Runtime Error"), "schemathesis failed without a finding or an error of its own: \(output)")
        if status != 0, !output.contains("= FAILURES =") {
            withKnownIssue("schemathesis crashed inside itself on some operation; the others passed") {
                Issue.record(Comment(rawValue: String(output.suffix(2000))))
            }
        }
    }

    static let schemathesis: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/schemathesis" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs a program to its end on a thread of its own, with its output.
    static func run(_ program: String, _ arguments: [String]) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        // schemathesis keeps a cache folder where it runs: not in the checkout.
                        let process = try ChildProcess(program, arguments, directory: NSTemporaryDirectory(), output: .capture)
                        let output = process.readOutput()
                        process.waitUntilExit()
                        return (process.terminationStatus, output)
                    })
            }.start()
        }
    }
}
