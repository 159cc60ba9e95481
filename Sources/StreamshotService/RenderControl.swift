import Foundation

/// What a running render and the worker watching it share: frames done, and why to stop.
final class RenderControl: @unchecked Sendable {
    enum Stop: Error, Equatable {
        /// A DELETE cancelled the job.
        case cancelled
        /// The service is shutting down: the job goes back to the queue.
        case shutdown
        /// It ran past the service's time limit.
        case timeLimit(seconds: Double)
    }

    private let lock = NSLock()
    private var done = 0
    private var stop: Stop?
    private let deadline: ContinuousClock.Instant
    private let limitSeconds: Double
    /// Wakes a render that is waiting rather than making frames (a live session's).
    private let onStop: @Sendable (Stop) -> Void

    init(timeLimitSeconds: Double, onStop: @escaping @Sendable (Stop) -> Void = { _ in }) {
        limitSeconds = timeLimitSeconds
        deadline = ContinuousClock.now + .milliseconds(Int(timeLimitSeconds * 1000))
        self.onStop = onStop
    }

    var framesDone: Int { lock.withLock { done } }

    func requestStop(_ reason: Stop) {
        let first = lock.withLock {
            guard stop == nil else { return false }
            stop = reason
            return true
        }
        if first { onStop(reason) }
    }

    /// Called by the render after each frame (on its thread). - Throws: the reason to stop.
    /// A frame made after the stop was asked for is not counted: a render stopped before its
    /// first frame counts none, so a job the shutdown stopped at once gets its attempt back
    /// (counted, it was rendered a third time after a restart: one attempt cut short, one lost).
    func frameDone(_ count: Int) throws {
        try lock.withLock {
            if stop == nil, ContinuousClock.now > deadline { stop = .timeLimit(seconds: limitSeconds) }
            if let stop { throw stop }
            done = count
        }
    }
}
