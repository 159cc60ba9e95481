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

    init(timeLimitSeconds: Double) {
        limitSeconds = timeLimitSeconds
        deadline = ContinuousClock.now + .milliseconds(Int(timeLimitSeconds * 1000))
    }

    var framesDone: Int { lock.withLock { done } }

    func requestStop(_ reason: Stop) {
        lock.withLock { if stop == nil { stop = reason } }
    }

    /// Called by the render after each frame (on its thread). - Throws: the reason to stop.
    func frameDone(_ count: Int) throws {
        try lock.withLock {
            done = count
            if stop == nil, ContinuousClock.now > deadline { stop = .timeLimit(seconds: limitSeconds) }
            if let stop { throw stop }
        }
    }
}
