/// Where render jobs live: one small interface, so the embedded store (SQLite) and a shared one
/// run the same service and the same tests.
public protocol JobStore: Sendable {
    func insert(_ job: RenderJobRecord) async throws
    /// Inserts a queued job unless `limit` jobs already wait: the count and the insert are one
    /// step, so two submissions at once never both take the last place (nor do two instances).
    /// - Returns: `.queued`, or `.full` with the number of jobs waiting.
    func insert(_ job: RenderJobRecord, queueLimit limit: Int) async throws -> QueueAdmission
    func job(_ id: String) async throws -> RenderJobRecord?
    /// Newest first; only `status` when given.
    func jobs(status: JobStatus?) async throws -> [RenderJobRecord]
    func count(status: JobStatus) async throws -> Int
    /// The oldest queued job, now running (its attempts counted); nil when none waits.
    func claimNext() async throws -> RenderJobRecord?
    /// Progress of a running job (in a shared store, it also renews the worker's lease).
    func recordProgress(_ id: String, framesDone: Int) async throws
    /// The worker rendering `id` is alive: a shared store extends its lease, so no other instance takes the job.
    func renewLease(_ id: String) async throws
    /// Ends a running job. - Returns: false when it was not running any more (cancelled
    /// meanwhile), so a job ends exactly once.
    func finish(_ id: String, as status: JobStatus, frames: Int?, ending: String?, error: String?) async throws -> Bool
    /// A running job back in the queue (the service is shutting down). - Returns: false when it was not running.
    /// - Parameter attemptMade: false gives its attempt back: the service stopped it before its
    ///   first frame (a worker can claim a job that a shutting-down session put back an instant before).
    func requeue(_ id: String, attemptMade: Bool) async throws -> Bool
    /// Cancels a queued or running job. - Returns: the job as it now is; nil when there is none.
    func cancel(_ id: String) async throws -> RenderJobRecord?
    func delete(_ id: String) async throws
    /// After a crash: every job left running goes back to the queue. - Returns: how many.
    func requeueInterrupted() async throws -> Int
    /// Callbacks of ended jobs that are due by `nowMs`, oldest job first, at most `limit` (a page:
    /// 10,000 due callbacks are not read whole for the few a sender can start).
    func callbacksDue(nowMs: Int64, limit: Int) async throws -> [RenderJobRecord]
    /// How a callback's delivery went: its new state, attempts, next try and last error.
    func recordCallback(_ id: String, _ callback: Callback) async throws
}

extension JobStore {
    /// One process holds every job of the embedded store: there is no lease to renew.
    public func renewLease(_ id: String) async throws {}
}

/// Whether a submission got a place in the queue.
public enum QueueAdmission: Equatable, Sendable {
    case queued
    case full(waiting: Int)
}
