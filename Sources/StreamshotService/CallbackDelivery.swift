import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore

/// One attempt at a job's callback, and its outcome stored. A stored callback that cannot be
/// carried out (a URL an older version took, a server restarted without its secret) is failed
/// once, with the reason, instead of being tried: nothing stored may stop a start.
struct CallbackDelivery: Sendable {
    let store: any JobStore
    let configuration: ServiceConfiguration
    let client: HTTPClient
    let logger: Logger

    func attempt(_ job: RenderJobRecord) async {
        guard var callback = job.callback else { return }
        if let reason = Self.unusable(callback, configuration: configuration) {
            callback.state = .failed
            callback.lastError = reason
            logger.warning("callback failed without an attempt", metadata: ["job": "\(job.id)", "reason": "\(reason)"])
            await record(job.id, callback)
            return
        }
        callback.attempts += 1
        do {
            try await post(job, attempt: callback.attempts)
            callback.state = .delivered
            callback.lastError = nil
            logger.info("callback delivered", metadata: ["job": "\(job.id)", "attempt": "\(callback.attempts)"])
        } catch {
            // Cut short by the service stopping: not an attempt; the next start makes it.
            if Task.isCancelled { return }
            callback.lastError = "\(error)"
            if callback.attempts >= configuration.callbackMaxAttempts {
                callback.state = .failed
                logger.warning("callback failed for good", metadata: ["job": "\(job.id)", "error": "\(error)"])
            } else {
                // 1, 2, 4, 8 … times the base between attempts.
                callback.nextAtMs = Self.nowMs + Int64(configuration.callbackRetryBaseMs) << Int64(callback.attempts - 1)
            }
        }
        await record(job.id, callback)
    }

    /// Why the callback cannot be tried at all; nil when it can.
    static func unusable(_ callback: Callback, configuration: ServiceConfiguration) -> String? {
        if let problem = CallbackURL.problem(callback.url, allowing: configuration.callbackAllowed) {
            return "callbackUrl \(callback.url.prefix(200)): \(problem); not tried"
        }
        if configuration.callbackSecret == nil {
            return "this server was started without --callback-secret-file, so it cannot sign the callback; not tried"
        }
        return nil
    }

    /// - Throws: the client's error, or `Refused` for an answer that is not 2xx.
    private func post(_ job: RenderJobRecord, attempt: Int) async throws {
        let body = (try? JSONResponse.encode(JobView(job))) ?? []
        var request = HTTPClientRequest(url: job.callback?.url ?? "")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Streamshot-Job", value: job.id)
        request.headers.add(name: "Streamshot-Delivery", value: "\(attempt)")
        request.headers.add(name: "Streamshot-Signature", value: "sha256=" + Self.signature(of: body, secret: configuration.callbackSecret ?? []))
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .milliseconds(Int64(configuration.callbackTimeoutMs)))
        guard (200..<300).contains(Int(response.status.code)) else { throw Refused(status: Int(response.status.code)) }
    }

    private func record(_ id: String, _ callback: Callback) async {
        do {
            try await store.recordCallback(id, callback)
        } catch {
            logger.error("could not store a callback's outcome", metadata: ["job": "\(id)", "error": "\(error)"])
        }
    }

    /// HMAC-SHA256 of `body` with the server's secret, in lowercase hex.
    static func signature(of body: [UInt8], secret: [UInt8]) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: secret)).map { String(format: "%02x", $0) }.joined()
    }

    static var nowMs: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    struct Refused: Error, CustomStringConvertible {
        let status: Int
        var description: String { "the receiver answered \(status)" }
    }
}
