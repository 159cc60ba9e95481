import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Streamshot
import Testing

@testable import StreamshotService

/// Requests that go wrong below the routes — a chunked body that does not read, a WebSocket
/// upgrade that is declined, a method a path does not take — are 4xx problems that say why.
@Suite(.onOwnThreads) struct ProtocolErrorTests {
    /// `request`'s answer from a live server: its status, headers and body as text.
    static func answer(
        _ configuration: ServiceConfiguration = ServiceSupport.configuration(), _ request: @escaping @Sendable (Int) async throws -> String
    )
        async throws -> RawConnection.Outcome
    {
        let app = try await ServiceSupport.application(configuration)
        let outcome = Outcome()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let bytes = Array(try await request(port).utf8)
            // The whole answer, however late a loaded machine gives it (a 3 s read once came back empty).
            outcome.value = try await JobRunner.onItsOwnThread {
                let connection = try RawConnection(port: port)
                connection.send(bytes)
                return connection.readResponse()
            }.get()
        }
        return try #require(outcome.value)
    }

    final class Outcome: @unchecked Sendable { var value: RawConnection.Outcome? }

    @Test(arguments: ["/v1/renders?size=390x300&scale=1", "/v1/sessions/{session}/events"])
    func aChunkSizeThatDoesNotReadIs400(_ path: String) async throws {
        let outcome = try await Self.answer { port in
            var path = path
            if path.contains("{session}") {
                let (opened, _) = try await CrashRecoveryTests.request("http://127.0.0.1:\(port)/v1/sessions", method: "POST", body: "")
                path = path.replacingOccurrences(of: "{session}", with: opened["id"] as? String ?? "")
            }
            return "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"t\":\r\nzz\r\n1}\r\n0\r\n\r\n"
        }
        #expect(outcome.status == 400, "\(outcome.text)")
        #expect(outcome.text.contains("application/problem+json") && outcome.text.contains("not HTTP/1.1 this server reads"), "\(outcome.text)")
    }

    static func upgrade(_ path: String, token: String?) -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "\r\n"
    }

    /// A declined upgrade was a bare 400 with no body; now it says why, as the routes do.
    @Test(
        arguments: [
            (nil, 401, "this server needs Authorization: Bearer <token>"),
            ("wrong", 401, "the bearer token is not one of this server's"),
            ("s3cret", 404, "no open session nope on this server")
        ] as [(String?, Int, String)])
    func aDeclinedWebSocketUpgradeSaysWhy(_ token: String?, _ status: Int, _ detail: String) async throws {
        let outcome = try await Self.answer(ServiceSupport.configuration { $0.tokens = ["s3cret"] }) { _ in
            Self.upgrade("/v1/sessions/nope/ws", token: token)
        }
        #expect(outcome.status == status, "\(outcome.text)")
        #expect(outcome.text.lowercased().contains("content-type: application/problem+json"), "\(outcome.text)")
        #expect(outcome.text.contains("\"detail\":\"\(detail)\""), "\(outcome.text)")
        if status == 401 { #expect(outcome.text.lowercased().contains("www-authenticate: bearer"), "\(outcome.text)") }
    }

    @Test func aMethodAKnownPathDoesNotTakeIs405WithAllow() async throws {
        let app = try await ServiceSupport.application(ServiceSupport.configuration())
        try await app.test(.router) { client in
            for (method, path, allow) in [
                (HTTPRequest.Method(rawValue: "TRACE")!, "/v1/renders", "GET, POST"),
                (.put, "/v1/renders/abc", "DELETE, GET"), (.post, "/healthz", "GET"),
                (.delete, "/v1/sessions/abc/frames/latest.png", "GET")
            ] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allow, "\(method) \(path)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            #expect(try await client.execute(uri: "/v1/nothing", method: .get).status == .notFound)
        }
    }

    @Test func theSizeParameterHasItsPattern() throws {
        let pattern = try #require(RenderSettings.descriptor("size")?.pattern)
        let paths = try #require(OpenAPIDocument.document["paths"] as? [String: [String: Any]])
        let post = try #require(paths["/v1/renders"]?["post"] as? [String: Any])
        let size = try #require((post["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "size" })
        #expect((size["schema"] as? [String: Any])?["pattern"] as? String == pattern)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool { regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        for good in ["390x844", "390X844", "390.5x844"] {
            #expect(matches(good) && ViewportSize(good) != nil, "\(good)")
        }
        for bad in ["390", "x844", "390x", "axb", "390x844x2", " 390x844"] { #expect(!matches(bad), "\(bad)") }
    }
}
