import Foundation
import Logging
import ServiceLifecycle
import Streamshot

/// The sessions open on this server. Opening one stores a running job and starts its render,
/// which waits on what arrives; a session ends when its client closes it, goes quiet past the
/// idle limit, or is cancelled — and is then an ordinary job. Its stored input is the job's:
/// a server that dies mid-session renders it again, as far as it had arrived, when it restarts.
/// On shutdown the renders of open sessions stop and go back to the queue.
final class LiveSessions: Service, @unchecked Sendable {
    private let store: any JobStore
    private let files: JobFiles
    private let runner: JobRunner
    /// Each frame as the runner's renders make it.
    var bulletin: FrameBulletin { runner.bulletin }
    private let configuration: ServiceConfiguration
    private let lock = NSLock()
    private var open: [String: LiveSession] = [:]
    /// Each open session's render.
    private var renders: [String: Task<Void, Never>] = [:]
    private var shuttingDown = false

    init(store: any JobStore, files: JobFiles, runner: JobRunner, configuration: ServiceConfiguration) {
        self.store = store
        self.files = files
        self.runner = runner
        self.configuration = configuration
    }

    /// Opens a session and starts its render.
    /// - Throws: `Problem` 429 when as many sessions are open as the server takes.
    func open(kind: InputKind, spec: RenderSpec, callbackUrl: String?, logger: Logger) async throws -> LiveSession {
        var job = RenderJobRecord(
            id: UUID().uuidString.lowercased(), createdAtMs: Int64(Date().timeIntervalSince1970 * 1000),
            input: kind, spec: spec)
        job.callback = callbackUrl.map(Callback.init)
        job.status = .running
        job.attempts = 1
        try files.saveInput([], for: job)
        let session = try LiveSession(
            id: job.id, kind: kind, storedInput: files.input(job), maxBytes: configuration.maxBodyBytes,
            spec: spec)
        try lock.withLock {
            guard !shuttingDown else {
                throw Problem(.serviceUnavailable, "Shutting down", "this server is shutting down; open the session on another")
            }
            guard open.count < configuration.maxSessions else {
                throw Problem(
                    .tooManyRequests, "Too many requests",
                    "\(open.count) sessions are open, as many as this server takes (--max-sessions); try again later",
                    headers: [.retryAfter: "5"])
            }
            open[job.id] = session
        }
        do {
            try await store.insert(job)
        } catch {
            forget(job.id)
            files.remove(job.id)
            throw error
        }
        logger.info("session opened", metadata: ["job": "\(job.id)", "input": "\(kind.rawValue)"])
        let (runner, started, live) = (runner, job, session.input)
        // A session's render lasts as long as its stream, up to the server's stream limit, and then some.
        let limit = configuration.maxDurationSeconds + configuration.jobTimeLimitSeconds
        let render = configuration.tasks.start {
            await runner.execute(started, live: live, timeLimitSeconds: limit)
            self.forget(started.id)
        }
        // Kept unless it has already ended (and forgotten itself).
        lock.withLock { if open[job.id] != nil { renders[job.id] = render } }
        configuration.tasks.start { await self.closeWhenIdle(session) }
        return session
    }

    /// Waits for the service to shut down, then stops every session's render (their jobs go back
    /// to the queue, to be rendered from what arrived) and waits for them.
    func run() async throws {
        try? await gracefulShutdown()
        let stopping = lock.withLock {
            shuttingDown = true
            return Array(renders.values)
        }
        for render in stopping { render.cancel() }
        for render in stopping { await render.value }
    }

    func session(_ id: String) -> LiveSession? {
        lock.withLock { open[id] }
    }

    var openCount: Int { lock.withLock { open.count } }

    private func forget(_ id: String) {
        lock.withLock {
            open[id] = nil
            renders[id] = nil
        }
    }

    /// A client that stops sending without closing has gone: its session ends with what arrived.
    private func closeWhenIdle(_ session: LiveSession) async {
        while session.isOpen {
            try? await Task.sleep(for: .milliseconds(250))
            if session.idleSeconds > configuration.sessionIdleSeconds { session.close() }
        }
    }
}
