import AsyncHTTPClient
import Foundation
import NIOCore

/// A response body read with the recorder's idle limit: the body's buffers, each stamped with
/// when it arrived, and now and then a check of whether an event has arrived within `limit` —
/// counted from when the stream opened (its response head read), then from each event's arrival;
/// keep-alive comments do not count. Waiting for the response head is not idleness: a loaded
/// client or server may take longer than the idle limit to get the head through, and that once
/// ended a healthy recording as "failed before any event" (issue 50). Judging by arrival, in the
/// order things arrived, a reader that falls behind never calls a stream idle whose events are
/// waiting for it.
final class IdleLimitedBody: @unchecked Sendable {
    enum Arrival {
        /// Bytes, and when they arrived.
        case bytes(ByteBuffer, at: ContinuousClock.Instant)
        /// The limit may have passed by `at`: every buffer that had arrived by then came before.
        case check(at: ContinuousClock.Instant)
    }

    let arrivals: AsyncThrowingStream<Arrival, any Error>
    private let limit: Duration
    private let lock = NSLock()
    /// Guarded by `lock`: when the last event arrived (the stream's opening at first).
    private var lastEvent = ContinuousClock.now

    init(_ body: HTTPClientResponse.Body, limit: Duration) {
        self.limit = limit
        let (arrivals, continuation) = AsyncThrowingStream<Arrival, any Error>.makeStream()
        self.arrivals = arrivals
        let pump = Task {
            do {
                for try await buffer in body { continuation.yield(.bytes(buffer, at: .now)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let alarm = Task { [weak self] in
            while let deadline = self?.deadline {
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                continuation.yield(.check(at: .now))
                // The reader answers the check in its turn: look again a quarter of the limit on at the soonest.
                guard (try? await Task.sleep(for: limit / 4)) != nil else { return }
            }
        }
        // The reader stopped (an ending, an error, idleness): the body and the alarm stop with it.
        continuation.onTermination = { _ in
            pump.cancel()
            alarm.cancel()
        }
    }

    /// An event arrived at `time` (its buffer's arrival): the idle limit counts from then.
    func noteEvent(arrivedAt time: ContinuousClock.Instant) {
        lock.withLock { lastEvent = max(lastEvent, time) }
    }

    /// No event had arrived within the limit before `time`.
    func isIdle(at time: ContinuousClock.Instant) -> Bool {
        time - lock.withLock({ lastEvent }) >= limit
    }

    private var deadline: ContinuousClock.Instant {
        lock.withLock { lastEvent } + limit
    }
}
