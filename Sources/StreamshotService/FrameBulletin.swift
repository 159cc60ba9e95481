import Foundation

/// The newest frame of each job rendering in this process, announced the moment its file is
/// written, and the progress streams waiting for it. The store hears of progress every
/// `progressIntervalMs` (a write per frame would be thousands a second); a watcher of a live
/// session hears of each frame as it is made, so the latest frame it fetches is never more than
/// the frame being drawn behind.
final class FrameBulletin: @unchecked Sendable {
    /// A frame made: its index and its time in the stream.
    struct Latest: Codable, Equatable, Sendable {
        let index: Int
        let timeMs: Double
    }

    private struct Waiter {
        let job: String
        let after: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var latest: [String: Latest] = [:]
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    /// The newest frame `job` has made in this process, if it is rendering here.
    func latest(_ job: String) -> Latest? { lock.withLock { latest[job] } }

    /// `job` made `frame` (called on the render's thread, after the frame's file is written).
    func announce(_ job: String, _ frame: Latest) {
        let woken = lock.withLock {
            latest[job] = frame
            return take { $0.job == job && $0.after < frame.index }
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// `job` stopped rendering here: its watchers wake to read how it ended.
    func ended(_ job: String) {
        let woken = lock.withLock {
            latest[job] = nil
            return take { $0.job == job }
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Returns once `job` has made a frame after `index`, or has ended, or `limit` has passed.
    func waitForFrame(_ job: String, after index: Int, upTo limit: Duration, tasks: TaskPreference) async {
        await withCheckedContinuation { continuation in
            let token: Int? = lock.withLock {
                if let frame = latest[job], frame.index > index { return nil }
                nextWaiter += 1
                waiters[nextWaiter] = Waiter(job: job, after: index, continuation: continuation)
                return nextWaiter
            }
            guard let token else { return continuation.resume() }
            // Started once the waiter is in place, so its time cannot run out before it waits.
            tasks.start { [weak self] in
                try? await Task.sleep(for: limit)
                self?.wake(token)
            }
        }
    }

    /// Wakes one waiter, if it still waits (its time is up).
    private func wake(_ token: Int) {
        lock.withLock { waiters.removeValue(forKey: token) }?.continuation.resume()
    }

    /// Removes and returns the waiters `matching` says to wake (the lock held).
    private func take(_ matching: (Waiter) -> Bool) -> [Waiter] {
        let tokens = waiters.filter { matching($0.value) }.keys.sorted()
        return tokens.compactMap { waiters.removeValue(forKey: $0) }
    }
}
