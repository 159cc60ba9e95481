import Foundation

/// How `streamshot serve` runs: where it listens, where it keeps jobs, and the limits it tells
/// clients about.
public struct ServiceConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (tests).
    public var port = 8080
    /// The job store (`jobs.sqlite`) and each job's files (`jobs/<id>/`).
    public var dataDirectory: String
    /// The executor preference of the tasks the service starts on its own (a `TaskExecutor`;
    /// nil: Swift's global executor). The test suites give their own threads (`TaskPreference`).
    public var taskExecutor: (any Executor)?
    /// Jobs rendered at once.
    public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// The largest stream a client may submit.
    public var maxBodyBytes = 20 * 1024 * 1024
    /// Frames a job may ask for at most (and gets when it does not ask).
    public var maxFrames = 20_000
    /// Seconds of stream a job may replay at most (and gets when it does not ask).
    public var maxDurationSeconds = 600.0
    /// Jobs waiting at most; one more is answered 429 with Retry-After.
    public var maxQueue = 100
    /// A job still rendering after this many seconds fails, saying so.
    public var jobTimeLimitSeconds = 600.0
    /// Bearer tokens a request must carry (every route but /healthz); empty: none needed.
    public var tokens: [String] = []
    /// Without tokens the service listens on loopback only, unless this is set.
    public var allowUnauthenticated = false
    /// The fonts every job renders with; nil finds them as the CLI does.
    public var fontsDirectory: String?
    /// Live sessions open at once; one more is answered 429.
    public var maxSessions = 8
    /// A session whose client sends nothing for this long ends with what arrived.
    public var sessionIdleSeconds = 60.0
    /// The key completion callbacks are signed with (HMAC-SHA256); nil: jobs may not ask for one.
    public var callbackSecret: [UInt8]?
    /// Address ranges callbacks may go to besides public ones (`--callback-allow`): none by default.
    public var callbackAllowed: Set<CallbackRange> = []
    /// A callback's attempts at most, and the wait before the second (doubling after each).
    public var callbackMaxAttempts = 6
    public var callbackRetryBaseMs = 1000
    /// How often the callbacks due are looked for.
    public var callbackPollMs = 250
    /// Callbacks delivered at once: a receiver that is slow or gone holds one of them, not the rest.
    public var callbackConcurrency = 8
    /// How long a callback's connection may take to open (a refused one fails at once), and the
    /// whole attempt, answer included.
    public var callbackConnectTimeoutMs = 3000
    public var callbackTimeoutMs = 10_000
    /// A request's line and headers must have arrived this long after their first byte; past it: `408`, closed.
    public var headerTimeoutSeconds = 10.0
    /// A connection that sends nothing for this long — new, between requests, or in a request's body — is closed.
    public var idleTimeoutSeconds = 60.0
    /// A request's line and headers at most, in bytes and in fields (then `431`).
    public var maxHeaderBytes = 32 * 1024
    public var maxHeaderFields = 100
    /// How long a request for a review file waits for the review to be made before it is answered
    /// `202` with `Retry-After` (the review goes on).
    public var reviewPatienceSeconds = 5.0
    /// How often a running job's progress is stored and its cancellation looked for.
    public var progressIntervalMs = 200
    /// `postgres://…`: keep jobs in PostgreSQL, shared by every instance on it (with a `dataDirectory`
    /// they all mount); nil: the embedded SQLite store in `dataDirectory`.
    public var databaseURL: String?
    /// How long a claimed job stays its worker's without a sign of life (PostgreSQL): a job whose
    /// instance died is claimed again after it. Renewed every third of it while rendering.
    public var leaseSeconds = 30.0
    /// This instance's name in leases and the endings log (PostgreSQL); nil: a fresh UUID.
    public var instance: String?

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    /// Starts the service's own unstructured tasks with `taskExecutor`.
    var tasks: TaskPreference { TaskPreference(executor: taskExecutor) }

    /// - Throws: `ServiceConfigurationError` for a service that would be open to anyone, or
    ///   limits that cannot work.
    public func validate() throws {
        let loopback = ["127.0.0.1", "::1", "localhost"].contains(host)
        if tokens.isEmpty, !loopback, !allowUnauthenticated {
            throw ServiceConfigurationError(
                "--host \(host) without --token-file would let anyone who reaches it render: give tokens, or say " + "--allow-unauthenticated")
        }
        guard workers >= 1, maxBodyBytes >= 1, maxFrames >= 1, maxQueue >= 1, maxDurationSeconds >= 1, jobTimeLimitSeconds > 0,
            maxSessions >= 1, sessionIdleSeconds > 0, leaseSeconds >= 1
        else {
            throw ServiceConfigurationError("workers, limits, the time limit and the lease must be at least 1")
        }
        try Self.check("header timeout", headerTimeoutSeconds, 0.05...3600)
        try Self.check("idle timeout", idleTimeoutSeconds, 0.05...86400)
        try Self.check("review patience", reviewPatienceSeconds, 0...300)
        guard (1024...(1 << 20)).contains(maxHeaderBytes), (8...10_000).contains(maxHeaderFields) else {
            throw ServiceConfigurationError("--max-header \(maxHeaderBytes) bytes: expected 1KB to 1MB (and 8 to 10000 header fields)")
        }
        guard callbackConcurrency >= 1, callbackConnectTimeoutMs >= 1, callbackTimeoutMs >= callbackConnectTimeoutMs else {
            throw ServiceConfigurationError("callbacks: at least one at once, and a time limit no shorter than the connect timeout")
        }
        if let instance, instance.isEmpty || instance.utf8.count > 200 {
            throw ServiceConfigurationError("--instance '\(instance)': expected a name of 1 to 200 bytes")
        }
    }

    /// - Throws: `ServiceConfigurationError` naming the limit when `seconds` is outside `range` (or not a number).
    private static func check(_ name: String, _ seconds: Double, _ range: ClosedRange<Double>) throws {
        guard range.contains(seconds) else {
            throw ServiceConfigurationError("\(name) \(seconds) s: expected \(range.lowerBound) to \(range.upperBound) seconds")
        }
    }

    /// Encoder threads per job: the cores shared among the workers.
    var encoderThreadsPerJob: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / workers)
    }
}

public struct ServiceConfigurationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
