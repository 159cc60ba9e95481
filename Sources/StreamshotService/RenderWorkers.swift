import Foundation
import Logging
import ServiceLifecycle
import Streamshot

/// The workers: each claims the oldest queued job, renders it on a thread of its own (a render
/// is CPU work that must not hold the server's event loops or Swift's cooperative threads),
/// stores its progress, and ends it exactly once. On shutdown the jobs in flight stop at their
/// next frame and go back to the queue.
struct RenderWorkers: Service {
    let store: any JobStore
    let runner: JobRunner
    let configuration: ServiceConfiguration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for _ in 0..<configuration.workers {
                    group.addTask { await work() }
                }
            }
        }
    }

    private func work() async {
        while !Task.isCancelled {
            do {
                if let job = try await store.claimNext() {
                    // Claimed as the shutdown began (a live session put its job back an instant
                    // before): given back untouched, on a task the shutdown does not cancel.
                    guard !Task.isCancelled else {
                        await configuration.tasks.start { _ = try? await store.requeue(job.id, attemptMade: false) }.value
                        return
                    }
                    await runner.execute(job)
                } else {
                    try await Task.sleep(for: .milliseconds(100))
                }
            } catch is CancellationError {
                return
            } catch {
                logger.error("worker could not claim a job", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
