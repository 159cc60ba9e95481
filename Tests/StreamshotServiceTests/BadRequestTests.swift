import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Testing

@testable import StreamshotService

/// What a client gets wrong is a 4xx in problem+json that names it; never a 5xx.
@Suite(.onOwnThreads) struct BadRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let uri: String
        var method: HTTPRequest.Method = .post
        var contentType = "application/x-ndjson"
        var body = ServiceSupport.answer
        let status: HTTPResponse.Status
        let detail: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown option", uri: "/v1/renders?colour=red", status: .badRequest,
            detail: "--colour: not a render option; the options are --network,"),
        Case(
            name: "misspelt option", uri: "/v1/renders?thme=dark", status: .badRequest,
            detail: "--thme: not a render option (did you mean --theme?); the options are --network,"),
        Case(
            name: "misspelt value", uri: "/v1/renders?theme=drak", status: .badRequest,
            detail: "--theme drak: expected one of light, dark (did you mean dark?)"),
        Case(
            name: "bad value", uri: "/v1/renders?pacing=fast", status: .badRequest,
            detail: "--pacing fast: expected one of keep-up, smooth, batched, raw, drain-200, drain-300, typewriter, typewriter-restart"),
        Case(name: "out of range", uri: "/v1/renders?fps=0", status: .badRequest, detail: "--fps 0: expected a number from 1 to 240"),
        Case(
            name: "reader action that does not read", uri: "/v1/renders?interaction=~I%C2%B0", status: .badRequest,
            detail: "--interaction '~I°': expected ACTION@TIME[:BY]"),
        Case(name: "server's option", uri: "/v1/renders?fonts=/etc", status: .badRequest, detail: "fonts: set by the server, not by a request"),
        Case(
            name: "past the frame limit", uri: "/v1/renders?max-frames=50000", status: .badRequest,
            detail: "max-frames=50000: this server renders at most 20000 frames a job"),
        Case(
            name: "unknown input kind", uri: "/v1/renders?input=pdf", status: .badRequest,
            detail: "input=pdf: expected one of sse, jsonl, md, txt, trace"),
        Case(
            name: "wrong content type", uri: "/v1/renders", contentType: "image/png", status: .unsupportedMediaType,
            detail: "Content-Type image/png: send the stream as text/event-stream, application/x-ndjson, text/markdown or text/plain"),
        Case(
            name: "empty body", uri: "/v1/renders", body: "", status: .badRequest,
            detail: "the body is empty: send the stream (SSE, JSON Lines, Markdown or a client trace)"),
        Case(
            name: "malformed stream", uri: "/v1/renders", body: "{\"t\":oops}\nnot json\n", status: .badRequest,
            detail:
                "the body: no events: expected JSON Lines like {\"t\":120,\"type\":\"delta\",\"content\":\"...\"} (first problem: line 1: JSON does not parse"
        ),
        Case(
            name: "no stream of a known format", uri: "/v1/renders", contentType: "text/event-stream", body: "data: {\"foo\":\"bar\"}\n\n",
            status: .badRequest, detail: "the body: no event of a known format in 1 event; the first is a JSON object with keys foo"),
        Case(
            name: "body over the limit", uri: "/v1/renders", body: String(repeating: "x", count: 5000), status: .contentTooLarge,
            detail: "the body is larger than this server takes (--max-body)"),
        Case(name: "unknown job", uri: "/v1/renders/nope", method: .get, status: .notFound, detail: "no render nope"),
        Case(name: "unknown route", uri: "/v2/things", method: .get, status: .notFound, detail: ""),
        Case(
            name: "bad status filter", uri: "/v1/renders?status=done", method: .get, status: .badRequest,
            detail: "status=done: expected one of queued, running, succeeded, failed, cancelled"),
        // A client trace is read as one: a mapping beside it once answered 500 (a session 201, failing at its end).
        Case(
            name: "a mapping beside a trace", uri: "/v1/renders?input=trace&map-text=/x", status: .badRequest,
            detail: "input=trace and a mapping: a client trace is read as one, give one"),
        Case(
            name: "a mapping's JSON beside a trace", uri: "/v1/renders?input=trace&mapping=%7B%22text%22:%22/x%22%7D", status: .badRequest,
            detail: "input=trace and a mapping: a client trace is read as one, give one"),
        Case(
            name: "a session's trace with a mapping", uri: "/v1/sessions?input=trace&map-text=/x", body: "", status: .badRequest,
            detail: "input=trace and a mapping: a client trace is read as one, give one")
    ]

    /// A callback URL that carries credentials (stored and shown with the job) or names a
    /// link-local address (a cloud's metadata service) or the server itself is refused, naming
    /// why, unless the operator allows that range (`--callback-allow`).
    @Test(arguments: [
        ("http://user:pw@hooks.example/done", "credentials in the URL"), ("http://169.254.169.254/latest/meta-data", "link-local"),
        ("http://[fe80::1]:8080/x", "link-local"), ("http://127.0.0.1:9/x", "loopback"), ("http://127.8.9.10/x", "loopback"),
        ("http://[::1]:8080/x", "loopback"), ("http://localhost:8080/x", "loopback"), ("http://api.localhost./x", "loopback"),
        ("http://0.0.0.0:80/x", "loopback"), ("http://[::ffff:127.0.0.1]/x", "loopback"), ("http://[::ffff:169.254.1.1]/x", "link-local")
    ])
    func aCallbackURLWithCredentialsOrAPrivilegedHostIsRefused(_ url: String, _ reason: String) {
        #expect(CallbackURL.problem(url)?.contains(reason) == true, "\(CallbackURL.problem(url) ?? "accepted")")
        if reason != "credentials in the URL" {
            #expect(CallbackURL.problem(url)?.contains("--callback-allow \(reason)") == true)
            #expect(CallbackURL.problem(url, allowing: Set(CallbackRange.allCases)) == nil, "allowed by the operator")
        }
        // Public hosts, and names that only look like the ranges.
        for fine in ["https://hooks.example/done", "http://127.example.com/x", "http://169.254.example/x", "http://localhost.example/x"] {
            #expect(CallbackURL.problem(fine) == nil, "\(fine)")
        }
    }

    @Test(arguments: cases)
    func isAProblemThatNamesIt(_ badRequest: Case) async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.maxBodyBytes = 4096 })
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: badRequest.uri, method: badRequest.method, headers: [.contentType: badRequest.contentType],
                body: ByteBuffer(string: badRequest.body))
            #expect(response.status == badRequest.status)
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try ServiceSupport.json(response)
            #expect(problem["status"] as? Int == Int(badRequest.status.code))
            #expect((problem["detail"] as? String ?? "").hasPrefix(badRequest.detail), "\(problem)")
        }
    }

    /// Named values and option names in any case, as the CLI takes them; the job reports them as listed.
    @Test func namedValuesTakeAnyCase() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let response = try await ServiceSupport.submit(
                client, ServiceSupport.answer,
                query: "size=390x300&scale=1&theme=DARK&device=iPhone-SE&Client=Haqq-Mobile&max-frames=3")
            let job = try ServiceSupport.json(response)
            #expect(response.status == .accepted, "\(job)")
            let spec = try #require(job["spec"] as? [String: Any])
            #expect(spec["theme"] as? String == "dark" && spec["device"] as? String == "iphone-se" && spec["client"] as? String == "haqq-mobile")
            #expect(spec["max-frames"] as? Int == 3 && spec["scale"] as? Int == 1)
            let arguments = try #require(job["arguments"] as? [String])
            #expect(arguments.contains("--theme=dark") && arguments.contains("--device=iphone-se"))
        }
    }

    @Test func artifactPathsCannotLeaveTheJobsFolder() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            let id = try #require(try ServiceSupport.json(try await ServiceSupport.submit(client, ServiceSupport.answer))["id"] as? String)
            _ = try await ServiceSupport.waitForEnd(client, id)
            for path in [
                "frames/..%2Fmanifest.json", "frames/..%2F..%2Finput.jsonl", "frames/%2E%2E%2F%2E%2E%2F..%2Fjobs.sqlite",
                "frames/000000.png%00.txt", "frames/..", "../../jobs.sqlite", "frames/-00001.png"
            ] {
                let response = try await client.execute(uri: "/v1/renders/\(id)/\(path)", method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(path)")
            }
            #expect(try await client.execute(uri: "/v1/renders/\(id)/frames/000000.png", method: .get).status == .ok)
        }
    }

    @Test func tokensGuardEveryRouteButTheHealthCheck() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration { $0.tokens = ["s3cret", "other"] })
        try await app.test(.router) { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            let missing = try await client.execute(uri: "/v1/renders", method: .get)
            #expect(missing.status == .unauthorized && missing.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.execute(uri: "/v1/renders", method: .get, headers: [.authorization: "Bearer s3cre"]).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/renders", method: .get, headers: [.authorization: "Basic s3cret"]).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/renders", method: .get, headers: [.authorization: "Bearer other"]).status == .ok)
            let submitted = try await ServiceSupport.submit(
                client, ServiceSupport.answer,
                headers: [.authorization: "Bearer s3cret", .contentType: "text/plain"])
            #expect(submitted.status == .accepted)
        }
    }

    @Test func aServiceOpenToAnyoneIsRefused() {
        #expect(throws: ServiceConfigurationError.self) {
            try ServiceSupport.configuration { $0.host = "0.0.0.0" }.validate()
        }
        #expect(throws: Never.self) {
            try ServiceSupport.configuration {
                $0.host = "0.0.0.0"
                $0.allowUnauthenticated = true
            }.validate()
        }
    }

    @Test func anEmptyOrOverlongInstanceNameIsRefused() {
        for name in ["", String(repeating: "n", count: 201)] {
            #expect(throws: ServiceConfigurationError.self) { try ServiceSupport.configuration { $0.instance = name }.validate() }
        }
        #expect(throws: Never.self) { try ServiceSupport.configuration { $0.instance = "pod-7" }.validate() }
    }

    @Test func constantTimeComparisonComparesWholeTokens() {
        #expect(BearerTokens.equalInConstantTime(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerTokens.equalInConstantTime(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!BearerTokens.equalInConstantTime(Array(repeating: 1, count: 256), []))
    }
}
