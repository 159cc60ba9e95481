import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import LiveTestSupport
import Logging
import Testing

@testable import StreamshotService

/// A job that asks for a callback is POSTed to it once it has ended, signed, and again after a
/// refusal, with backoff.
@Suite(.onOwnThreads) struct CallbackTests {
    /// What a receiver got: each request's headers and body.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [(headers: [String: String], body: [UInt8])] = []
        func add(_ headers: HTTPFields, _ body: [UInt8]) {
            let named = Dictionary(headers.map { ($0.name.canonicalName, $0.value) }) { first, _ in first }
            lock.withLock { requests.append((named, body)) }
        }
        var all: [(headers: [String: String], body: [UInt8])] { lock.withLock { requests } }
    }

    @Test func theEndedJobIsPostedSignedAndRetriedAfterARefusal() async throws {
        let received = Received()
        // The receiver refuses the first delivery, then takes them.
        let receiverRouter = Router()
        receiverRouter.post("hook") { request, _ -> HTTPResponse.Status in
            var request = request
            received.add(request.headers, Array(buffer: try await request.collectBody(upTo: 1 << 20)))
            return received.all.count == 1 ? .serviceUnavailable : .noContent
        }
        var quiet = Logger(label: "receiver")
        quiet.logLevel = .error
        let receiver = Application(router: receiverRouter, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
        let secret = Array("a secret the receiver knows".utf8)
        try await receiver.test(.live) { receiverClient in
            let hook = "http://127.0.0.1:\(try #require(receiverClient.port))/hook"
            let app = try await ServiceSupport.application(
                ServiceSupport.configuration {
                    $0.callbackSecret = secret
                    $0.callbackAllowed = [.loopback]
                    $0.callbackRetryBaseMs = 50
                    $0.callbackPollMs = 20
                })
            try await app.test(.router) { client in
                let submitted = try ServiceSupport.json(
                    try await ServiceSupport.submit(
                        client, ServiceSupport.answer,
                        query: "size=390x300&scale=1&callbackUrl=\(hook)"))
                let id = try #require(submitted["id"] as? String)
                #expect((submitted["callback"] as? [String: Any])?["state"] as? String == "waiting")
                _ = try await ServiceSupport.waitForEnd(client, id)
                var state: [String: Any] = [:]
                for _ in 0..<500 {
                    state = try ServiceSupport.json(try await client.execute(uri: "/v1/renders/\(id)", method: .get))
                    if (state["callback"] as? [String: Any])?["state"] as? String == "delivered" { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                let callback = try #require(state["callback"] as? [String: Any])
                #expect(callback["state"] as? String == "delivered")
                #expect(callback["attempts"] as? Int == 2, "refused once, then delivered: \(callback)")
                let deliveries = received.all
                #expect(deliveries.count == 2)
                for (attempt, delivery) in deliveries.enumerated() {
                    let expected =
                        "sha256="
                        + HMAC<SHA256>.authenticationCode(for: delivery.body, using: SymmetricKey(data: secret))
                        .map { String(format: "%02x", $0) }.joined()
                    #expect(delivery.headers["streamshot-signature"] == expected)
                    #expect(delivery.headers["streamshot-job"] == id)
                    #expect(delivery.headers["streamshot-delivery"] == "\(attempt + 1)")
                    let job = try #require(try JSONSerialization.jsonObject(with: Data(delivery.body)) as? [String: Any])
                    #expect(job["status"] as? String == "succeeded")
                    #expect(job["frames"] as? Int == state["frames"] as? Int)
                }
            }
        }
    }

    @Test func aCallbackNeedsASecretAndAnHTTPURL() async throws {
        let withoutSecret = try await ServiceSupport.application(ServiceSupport.configuration())
        try await withoutSecret.test(.router) { client in
            let response = try await ServiceSupport.submit(client, ServiceSupport.answer, query: "callbackUrl=http://example.com/hook")
            #expect(response.status == .badRequest)
            #expect((try ServiceSupport.json(response)["detail"] as? String)?.contains("--callback-secret-file") == true)
        }
        let withSecret = try await ServiceSupport.application(ServiceSupport.configuration { $0.callbackSecret = [1, 2, 3] })
        try await withSecret.test(.router) { client in
            for bad in ["ftp://example.com/x", "/relative", "http://", "http://127.0.0.1:8080/hook", "http://localhost/hook"] {
                let response = try await ServiceSupport.submit(client, ServiceSupport.answer, query: "callbackUrl=\(bad)")
                #expect(response.status == .badRequest, "\(bad)")
            }
        }
    }
}
