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
        let continuation: CheckedContinuation<Void, Never>
        /// Wakes it when its time is up; cancelled when something else wakes it first.
        var timer: Task<Void, Never>?
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
            return take { $0.job == job }
        }
        resume(woken)
    }

    /// `job` stopped rendering here: its watchers wake to read how it ended.
    func ended(_ job: String) {
        let woken = lock.withLock {
            latest[job] = nil
            return take { $0.job == job }
        }
        resume(woken)
    }

    /// Returns once `job`'s newest frame is no longer `seen` — a newer one, or none because it
    /// has ended here — or once `limit` has passed.
    func waitForFrame(_ job: String, seen: Latest?, upTo limit: Duration, tasks: TaskPreference) async {
        await withCheckedContinuation { continuation in
            let token: Int? = lock.withLock {
                // What changed since it was seen (the render's last frame and its end may both have
                // come while the watcher wrote) is told at once.
                guard latest[job] == seen else { return nil }
                nextWaiter += 1
                waiters[nextWaiter] = Waiter(job: job, continuation: continuation)
                return nextWaiter
            }
            guard let token else { return continuation.resume() }
            // Started once the waiter is in place, so its time cannot run out before it waits.
            let timer = tasks.start { [weak self] in
                try? await Task.sleep(for: limit)
                if !Task.isCancelled { self?.wake(token) }
            }
            let stillWaiting = lock.withLock {
                waiters[token]?.timer = timer
                return waiters[token] != nil
            }
            if !stillWaiting { timer.cancel() }
        }
    }

    /// Wakes one waiter, if it still waits (its time is up).
    private func wake(_ token: Int) {
        lock.withLock { waiters.removeValue(forKey: token) }?.continuation.resume()
    }

    private func resume(_ woken: [Waiter]) {
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    /// Removes and returns the waiters `matching` says to wake (the lock held).
    private func take(_ matching: (Waiter) -> Bool) -> [Waiter] {
        let tokens = waiters.filter { matching($0.value) }.keys.sorted()
        return tokens.compactMap { waiters.removeValue(forKey: $0) }
    }
}
