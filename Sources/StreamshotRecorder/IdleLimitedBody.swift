import AsyncHTTPClient
import Foundation
import NIOCore

/// A response body read with the recorder's idle limit: the body's buffers, until no event has
/// come for `limit` — counted from when the stream opened (its response head read), then from
/// each event; keep-alive comments do not count. Waiting for the response head is not idleness:
/// a loaded client or server may take longer than the idle limit to get the head through, and
/// that once ended a healthy recording as "failed before any event" (issue 50).
final class IdleLimitedBody: @unchecked Sendable {
    /// Thrown by `buffers` when the stream has been idle for the limit.
    struct Idle: Error {}

    let buffers: AsyncThrowingStream<ByteBuffer, any Error>
    private let limit: Duration
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var lastEvent = ContinuousClock.now

    init(_ body: HTTPClientResponse.Body, limit: Duration) {
        self.limit = limit
        let (buffers, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream(bufferingPolicy: .unbounded)
        self.buffers = buffers
        let pump = Task {
            do {
                for try await buffer in body { continuation.yield(buffer) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let alarm = Task { [weak self] in
            while let deadline = self?.deadline {
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                if let self, self.deadline <= .now {
                    continuation.finish(throwing: Idle())
                    return
                }
            }
        }
        // The reader stopped (an ending, an error, idleness): the body and the alarm stop with it.
        continuation.onTermination = { _ in
            pump.cancel()
            alarm.cancel()
        }
    }

    /// An event arrived: the idle limit counts from now.
    func noteEvent() {
        lock.withLock { lastEvent = .now }
    }

    private var deadline: ContinuousClock.Instant {
        lock.withLock { lastEvent } + limit
    }
}
