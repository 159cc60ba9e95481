public import Foundation
public import Logging
import PostgresNIO

/// The shared job store: PostgreSQL, for any number of service instances on one database (and
/// one artifact folder every instance mounts). A worker claims the oldest queued job with
/// `FOR UPDATE SKIP LOCKED` under a lease it renews while rendering; a job whose worker died is
/// claimed again once its lease has run out; only the instance holding the lease can end a job,
/// and every ending is logged, once, in `renderJobEnding`.
public final class PostgresJobStore: JobStore {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger: Logger
    /// This instance, as leases name their holder.
    public let instance: String
    let leaseMs: Int64

    /// Connects to `url` (`postgres://user:password@host:port/database`) and creates or migrates the schema.
    /// - Parameter taskExecutor: where the client's pool runs (`ServiceConfiguration.taskExecutor`).
    /// - Throws: `ServiceConfigurationError` for a URL that does not read; the server's errors.
    public init(
        url: String, leaseSeconds: Double = 30, instance: String = UUID().uuidString, logger: Logger,
        taskExecutor: (any Executor)? = nil
    ) async throws {
        let server = try Server(url)
        // The schema first, on a connection of its own, before the pool serves any query.
        let connection = try await PostgresConnection.connect(configuration: server.connection, id: 0, logger: logger)
        do {
            try await PostgresMigrations.migrate(connection, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        client = PostgresClient(configuration: server.pool, backgroundLogger: logger)
        let client = client
        running = TaskPreference(executor: taskExecutor).start { await client.run() }
        self.logger = logger
        self.instance = instance
        leaseMs = Int64(leaseSeconds * 1000)
    }

    deinit { running.cancel() }

    /// Stops the connection pool (the store is unusable after).
    public func close() { running.cancel() }

    /// The server a `postgres://` URL names, as the pool and a single connection take it.
    struct Server {
        let pool: PostgresClient.Configuration
        let connection: PostgresConnection.Configuration

        init(_ url: String) throws {
            guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
                let host = components.host, let user = components.user
            else {
                throw ServiceConfigurationError("--database \(url): expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            let path = String(components.path.drop { $0 == "/" })
            let (port, database) = (components.port ?? 5432, path.isEmpty ? user : path)
            pool = PostgresClient.Configuration(
                host: host, port: port, username: user, password: components.password, database: database,
                tls: .disable)
            connection = PostgresConnection.Configuration(
                host: host, port: port, username: user, password: components.password,
                database: database, tls: .disable)
        }
    }

    /// The database's clock in ms: leases are compared on one clock, whichever instance wrote them.
    private static let now = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"

    /// A job inserted running (a live session, rendered where it was opened) is this instance's, under a lease.
    public func insert(_ job: RenderJobRecord) async throws {
        let row = try JobColumns(job)
        let held = job.status == .running
        let owner: String? = held ? instance : nil
        try await client.query(
            """
            INSERT INTO renderJob (id, status, createdAtMs, input, spec, framesDone, frames, ending, error, attempts,
                                   callbackUrl, callbackState, callbackAttempts, callbackNextAtMs, callbackError, owner, leaseUntilMs)
            VALUES (\(row.id), \(row.status), \(row.createdAtMs), \(row.input), \(row.spec), \(row.framesDone), \(row.frames),
                    \(row.ending), \(row.error), \(row.attempts), \(row.callbackUrl), \(row.callbackState), \(row.callbackAttempts),
                    \(row.callbackNextAtMs), \(row.callbackError), \(owner),
                    \(unescaped: held ? "\(Self.now) + \(leaseMs)" : "NULL"))
            """, logger: logger)
    }

    /// The count and the insert in one transaction under an advisory lock that every instance
    /// takes for it: under READ COMMITTED, two transactions could otherwise both count 99 of 100.
    public func insert(_ job: RenderJobRecord, queueLimit limit: Int) async throws -> QueueAdmission {
        let row = try JobColumns(job)
        let logger = logger
        return try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.queueLockKey))", logger: logger)
            var waiting = 0
            let counted = try await connection.query("SELECT COUNT(*) FROM renderJob WHERE status = 'queued'", logger: logger)
            for try await count in counted.decode(Int64.self) { waiting = Int(count) }
            guard waiting < limit else { return .full(waiting: waiting) }
            try await connection.query(
                """
                INSERT INTO renderJob (id, status, createdAtMs, input, spec, framesDone, frames, ending, error, attempts,
                                       callbackUrl, callbackState, callbackAttempts, callbackNextAtMs, callbackError)
                VALUES (\(row.id), \(row.status), \(row.createdAtMs), \(row.input), \(row.spec), \(row.framesDone), \(row.frames),
                        \(row.ending), \(row.error), \(row.attempts), \(row.callbackUrl), \(row.callbackState), \(row.callbackAttempts),
                        \(row.callbackNextAtMs), \(row.callbackError))
                """, logger: logger)
            return .queued
        }
    }

    /// The advisory lock admissions to the queue take turns on (the migrations' is another).
    private static let queueLockKey: Int64 = 0x5155_4555_4521  // "QUEUE!"

    public func job(_ id: String) async throws -> RenderJobRecord? {
        try await records(client.query("SELECT \(unescaped: JobColumns.list) FROM renderJob WHERE id = \(id)", logger: logger)).first
    }

    public func jobs(status: JobStatus?) async throws -> [RenderJobRecord] {
        let rows =
            if let status {
                try await client.query(
                    """
                    SELECT \(unescaped: JobColumns.list) FROM renderJob WHERE status = \(status.rawValue) ORDER BY createdAtMs DESC, id DESC
                    """, logger: logger)
            } else {
                try await client.query("SELECT \(unescaped: JobColumns.list) FROM renderJob ORDER BY createdAtMs DESC, id DESC", logger: logger)
            }
        return try await records(rows)
    }

    public func count(status: JobStatus) async throws -> Int {
        let rows = try await client.query("SELECT COUNT(*) FROM renderJob WHERE status = \(status.rawValue)", logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    /// The oldest job that is queued, or running under a lease that has run out (its worker died).
    public func claimNext() async throws -> RenderJobRecord? {
        try await records(
            client.query(
                """
                UPDATE renderJob SET status = 'running', attempts = attempts + 1, framesDone = 0, owner = \(instance),
                                     leaseUntilMs = \(unescaped: Self.now) + \(leaseMs)
                WHERE id = (SELECT id FROM renderJob
                            WHERE status = 'queued' OR (status = 'running' AND leaseUntilMs < \(unescaped: Self.now))
                            ORDER BY createdAtMs, id FOR UPDATE SKIP LOCKED LIMIT 1)
                RETURNING \(unescaped: JobColumns.list)
                """, logger: logger)
        ).first
    }

    public func recordProgress(_ id: String, framesDone: Int) async throws {
        try await client.query(
            """
            UPDATE renderJob SET framesDone = \(framesDone), leaseUntilMs = \(unescaped: Self.now) + \(leaseMs)
            WHERE id = \(id) AND status = 'running' AND owner = \(instance)
            """, logger: logger)
    }

    public func renewLease(_ id: String) async throws {
        try await client.query(
            """
            UPDATE renderJob SET leaseUntilMs = \(unescaped: Self.now) + \(leaseMs) WHERE id = \(id) AND status = 'running' AND owner = \(instance)
            """, logger: logger)
    }

    /// Ends the job if this instance still holds it, and logs the ending in the same transaction.
    public func finish(_ id: String, as status: JobStatus, frames: Int?, ending: String?, error: String?) async throws -> Bool {
        let (instance, logger) = (self.instance, self.logger)
        return try await client.withTransaction(logger: logger) { connection in
            let rows = try await connection.query(
                """
                UPDATE renderJob SET status = \(status.rawValue), frames = \(frames), framesDone = COALESCE(\(frames), framesDone),
                                     ending = \(ending), error = \(error), \(unescaped: Self.callbackDue)
                WHERE id = \(id) AND status = 'running' AND owner = \(instance) RETURNING id
                """, logger: logger)
            var ended = false
            for try await _ in rows.decode(String.self) { ended = true }
            if ended {
                try await connection.query(
                    """
                    INSERT INTO renderJobEnding (jobId, status, owner, atMs) VALUES (\(id), \(status.rawValue), \(instance), \(unescaped: Self.now))
                    """, logger: logger)
            }
            return ended
        }
    }

    public func requeue(_ id: String, attemptMade: Bool) async throws -> Bool {
        let given = attemptMade ? 0 : 1
        let rows = try await client.query(
            """
            UPDATE renderJob SET status = 'queued', framesDone = 0, owner = NULL, leaseUntilMs = NULL, attempts = attempts - \(given)
            WHERE id = \(id) AND status = 'running' AND owner = \(instance) RETURNING id
            """, logger: logger)
        for try await _ in rows.decode(String.self) { return true }
        return false
    }

    public func cancel(_ id: String) async throws -> RenderJobRecord? {
        try await client.query(
            """
            UPDATE renderJob SET status = 'cancelled', error = 'cancelled by a DELETE', \(unescaped: Self.callbackDue)
            WHERE id = \(id) AND status IN ('queued', 'running')
            """, logger: logger)
        return try await job(id)
    }

    public func delete(_ id: String) async throws {
        try await client.query("DELETE FROM renderJob WHERE id = \(id)", logger: logger)
    }

    /// Nothing to do at a start: a job left running by a dead instance is claimed again when its lease runs out.
    public func requeueInterrupted() async throws -> Int { 0 }

    private static let callbackDue = "callbackState = CASE callbackState WHEN 'waiting' THEN 'pending' ELSE callbackState END"

    public func callbacksDue(nowMs: Int64, limit: Int) async throws -> [RenderJobRecord] {
        try await records(
            client.query(
                """
                SELECT \(unescaped: JobColumns.list) FROM renderJob WHERE callbackState = 'pending' AND callbackNextAtMs <= \(nowMs)
                ORDER BY createdAtMs, id LIMIT \(limit)
                """, logger: logger))
    }

    public func recordCallback(_ id: String, _ callback: Callback) async throws {
        try await client.query(
            """
            UPDATE renderJob SET callbackState = \(callback.state.rawValue), callbackAttempts = \(callback.attempts),
                                 callbackNextAtMs = \(callback.nextAtMs), callbackError = \(callback.lastError)
            WHERE id = \(id)
            """, logger: logger)
    }

    /// How many times each job has ended, by id (every ending is logged): for proving exactly once.
    public func endings() async throws -> [String: Int] {
        var endings: [String: Int] = [:]
        let rows = try await client.query("SELECT jobId, COUNT(*) FROM renderJobEnding GROUP BY jobId", logger: logger)
        for try await (id, count) in rows.decode((String, Int64).self) { endings[id] = Int(count) }
        return endings
    }

    /// Who holds each running job, by id: for telling which jobs an instance had when it died.
    public func holders() async throws -> [String: String] {
        var holders: [String: String] = [:]
        let rows = try await client.query("SELECT id, owner FROM renderJob WHERE status = 'running' AND owner IS NOT NULL", logger: logger)
        for try await (id, owner) in rows.decode((String, String).self) { holders[id] = owner }
        return holders
    }

    private func records(_ rows: PostgresRowSequence) async throws -> [RenderJobRecord] {
        var records: [RenderJobRecord] = []
        for try await row in rows { records.append(try JobColumns(row).record) }
        return records
    }
}
