import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

/// Delivers completion callbacks: once a job with a `callbackUrl` has ended, a POST of the job
/// (as `GET /v1/renders/{id}` shows it) signed with HMAC-SHA256 over the body, retried with
/// exponential backoff until the receiver answers 2xx or the attempts run out. Due deliveries
/// live in the store, so a restart goes on with them; a receiver may see one twice (a crash
/// between its answer and the store's note) and tells them apart by `Streamshot-Job`.
struct CallbackSender: Service {
    let store: any JobStore
    let configuration: ServiceConfiguration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    for job in try await store.callbacksDue(nowMs: Self.nowMs) { await deliver(job) }
                    try await Task.sleep(for: .milliseconds(configuration.callbackPollMs))
                } catch is CancellationError {
                    return
                } catch {
                    logger.error("could not read the callbacks due", metadata: ["error": "\(error)"])
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    /// One attempt, and its outcome stored.
    private func deliver(_ job: RenderJobRecord) async {
        guard var callback = job.callback, let secret = configuration.callbackSecret else { return }
        callback.attempts += 1
        let body = (try? JSONResponse.encode(JobView(job))) ?? []
        var request = HTTPClientRequest(url: callback.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Streamshot-Job", value: job.id)
        request.headers.add(name: "Streamshot-Delivery", value: "\(callback.attempts)")
        request.headers.add(name: "Streamshot-Signature", value: "sha256=" + Self.signature(of: body, secret: secret))
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            guard (200..<300).contains(Int(response.status.code)) else { throw Refused(status: Int(response.status.code)) }
            callback.state = .delivered
            callback.lastError = nil
            logger.info("callback delivered", metadata: ["job": "\(job.id)", "attempt": "\(callback.attempts)"])
        } catch {
            callback.lastError = "\(error)"
            if callback.attempts >= configuration.callbackMaxAttempts {
                callback.state = .failed
                logger.warning("callback failed for good", metadata: ["job": "\(job.id)", "error": "\(error)"])
            } else {
                // 1, 2, 4, 8 … times the base between attempts.
                callback.nextAtMs = Self.nowMs + Int64(configuration.callbackRetryBaseMs) << Int64(callback.attempts - 1)
            }
        }
        try? await store.recordCallback(job.id, callback)
    }

    /// HMAC-SHA256 of `body` with the server's secret, in lowercase hex.
    static func signature(of body: [UInt8], secret: [UInt8]) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: secret)).map { String(format: "%02x", $0) }.joined()
    }

    private static var nowMs: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    struct Refused: Error, CustomStringConvertible {
        let status: Int
        var description: String { "the receiver answered \(status)" }
    }
}
