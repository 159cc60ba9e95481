import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

/// Delivers completion callbacks: once a job with a `callbackUrl` has ended, a POST of the job
/// (as `GET /v1/renders/{id}` shows it) signed with HMAC-SHA256 over the body, retried with
/// exponential backoff until the receiver answers 2xx or the attempts run out. Due deliveries
/// live in the store, so a restart goes on with them; a receiver may see one twice (a crash
/// between its answer and the store's note) and tells them apart by `Streamshot-Job`.
///
/// Deliveries run side by side, at most `callbackConcurrency` at once, so a receiver that is
/// slow or gone delays no other; a job already being delivered is not started again.
struct CallbackSender: Service {
    let store: any JobStore
    let configuration: ServiceConfiguration
    let logger: Logger

    func run() async throws {
        // A client of its own: a refused connection fails at once instead of being retried until
        // the request's deadline (AsyncHTTPClient's default), and it is shut down with the service.
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.clientConfiguration(configuration))
        let delivery = CallbackDelivery(store: store, configuration: configuration, client: client, logger: logger)
        let inFlight = InFlight()
        // Rung when a delivery ends: its slot is free, and the next due callback starts at once
        // (a fixed poll delivered a backlog at 8 every 250 ms, 10,000 in 278 s).
        let freed = Doorbell(tasks: configuration.tasks)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                while !Task.isCancelled {
                    do {
                        // A page: the deliveries under way (still pending) and as many more as there is room for.
                        let page = try await store.callbacksDue(nowMs: CallbackDelivery.nowMs, limit: 2 * configuration.callbackConcurrency)
                        for job in page where inFlight.start(job.id, attempts: job.callback?.attempts ?? 0, limit: configuration.callbackConcurrency)
                        {
                            group.addTask {
                                await delivery.attempt(job)
                                inFlight.end(job.id, attempts: (job.callback?.attempts ?? 0) + 1)
                                freed.ring()
                            }
                        }
                        // Until a slot frees, or the poll comes round for retries falling due and jobs ending.
                        await freed.wait(atMost: .milliseconds(configuration.callbackPollMs))
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.error("could not read the callbacks due", metadata: ["error": "\(error)"])
                        try? await Task.sleep(for: .seconds(1))
                    }
                }
            }
        }
        try? await client.shutdown()
    }

    static func clientConfiguration(_ configuration: ServiceConfiguration) -> HTTPClient.Configuration {
        var client = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(Int64(configuration.callbackConnectTimeoutMs))))
        client.connectionPool.retryConnectionEstablishment = false
        return client
    }

    /// The jobs whose delivery is under way: at most `limit`, each once. A list of due callbacks
    /// read before an attempt ended may still hold that job as it was: an attempt is started only
    /// from a record at least as new as the last one made, so no receiver gets it twice.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: Set<String> = []
        /// How many attempts each job had once its last delivery here ended.
        private var attemptsMade: [String: Int] = [:]

        /// - Returns: true when `id`, read with `attempts` made, may start now (it was not under
        ///   way, the read is not older than the last attempt, and there was room).
        func start(_ id: String, attempts: Int, limit: Int) -> Bool {
            lock.withLock {
                guard ids.count < limit, !ids.contains(id), attempts >= attemptsMade[id, default: 0] else { return false }
                ids.insert(id)
                return true
            }
        }

        func end(_ id: String, attempts: Int) {
            lock.withLock {
                ids.remove(id)
                attemptsMade[id] = max(attemptsMade[id, default: 0], attempts)
            }
        }
    }

    /// A wait that a ring ends early: rung while nobody waits, the next wait returns at once.
    final class Doorbell: @unchecked Sendable {
        private let lock = NSLock()
        private var rung = false
        private var waiter: CheckedContinuation<Void, Never>?
        private let tasks: TaskPreference

        init(tasks: TaskPreference) {
            self.tasks = tasks
        }

        func ring() {
            let woken: CheckedContinuation<Void, Never>? = lock.withLock {
                guard let waiter else {
                    rung = true
                    return nil
                }
                self.waiter = nil
                return waiter
            }
            woken?.resume()
        }

        /// Returns once rung, after `duration` (the timer's ring), or when the task is cancelled
        /// (a shutdown waits for no poll).
        func wait(atMost duration: Duration) async {
            let timer = tasks.start {
                do { try await Task.sleep(for: duration) } catch { return }
                self.ring()
            }
            defer { timer.cancel() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let now: Bool = lock.withLock {
                        if rung || Task.isCancelled {
                            rung = false
                            return true
                        }
                        waiter = continuation
                        return false
                    }
                    if now { continuation.resume() }
                }
            } onCancel: {
                ring()
            }
        }
    }
}
