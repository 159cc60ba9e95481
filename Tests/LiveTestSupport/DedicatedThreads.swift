import Foundation

/// A task executor of its own threads, for the tests that drive live servers and clients.
///
/// Swift Testing runs a synchronous test on a thread of Swift's cooperative pool, which is as
/// wide as the machine has cores (two here) and does not grow when a test blocks it. A render
/// test blocks its thread for seconds; with the rendering suites in the same process, a live
/// test's next step (read the next line of a stream, answer a request, send a callback) waited
/// behind them for its turn: a recording idled for 60 s after its first line, a callback's backoff
/// gap grew by seconds, a request timed out. Run on these threads (`.onOwnThreads`), a live test's
/// tasks and their child tasks never queue behind a render.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
    /// Eight: a live test may block one for seconds (starting PostgreSQL, a blocking upload), and
    /// the others go on.
    public static let shared = DedicatedThreads(count: 8, name: "live-test")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var threads: [Thread] = []

    /// Whether the calling thread is one of these.
    public var isCurrent: Bool { condition.withLock { threads.contains { $0 === Thread.current } } }

    public init(count: Int, name: String) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in work() }
            thread.name = "\(name)-\(index)"
            thread.stackSize = 4 << 20
            threads.append(thread)
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func work() {
        while true {
            let job = condition.withLock {
                while next == jobs.count { condition.wait() }
                defer {
                    next += 1
                    // Drop what has run once the queue is drained: the array stays as long as the backlog.
                    if next == jobs.count {
                        jobs.removeAll(keepingCapacity: true)
                        next = 0
                    }
                }
                return jobs[next]
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
