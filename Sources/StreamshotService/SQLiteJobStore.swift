import Foundation
import GRDB

/// The embedded job store: one SQLite file (WAL, synchronous FULL), so a killed process loses no
/// job that was acknowledged and never shows one half-updated.
public final class SQLiteJobStore: JobStore {
    private let database: DatabasePool

    /// Opens (creating and migrating) the store at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        database = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(database)
    }

    /// Versioned migrations, applied in order on start.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: render jobs") { db in
            try db.create(table: JobColumns.databaseTableName) { table in
                table.column("id", .text).primaryKey()
                table.column("status", .text).notNull().indexed()
                table.column("createdAtMs", .integer).notNull()
                table.column("input", .text).notNull()
                table.column("arguments", .text).notNull()
                table.column("framesDone", .integer).notNull()
                table.column("frames", .integer)
                table.column("ending", .text)
                table.column("error", .text)
                table.column("attempts", .integer).notNull()
            }
        }
        migrator.registerMigration("v2: completion callbacks") { db in
            try db.alter(table: JobColumns.databaseTableName) { table in
                table.add(column: "callbackUrl", .text)
                table.add(column: "callbackState", .text)
                table.add(column: "callbackAttempts", .integer).notNull().defaults(to: 0)
                table.add(column: "callbackNextAtMs", .integer).notNull().defaults(to: 0)
                table.add(column: "callbackError", .text)
            }
            try db.create(index: "renderJob_callbackDue", on: JobColumns.databaseTableName, columns: ["callbackState", "callbackNextAtMs"])
        }
        migrator.registerMigration("v3: render specs") { db in
            try db.alter(table: JobColumns.databaseTableName) { table in table.rename(column: "arguments", to: "spec") }
            let rows = try Row.fetchAll(db, sql: "SELECT id, spec FROM renderJob")
            for row in rows {
                let spec = try StoredSpecMigration.converted(row["spec"])
                try db.execute(sql: "UPDATE renderJob SET spec = ? WHERE id = ?", arguments: [spec, row["id"] as String])
            }
        }
        return migrator
    }

    public func insert(_ job: RenderJobRecord) async throws {
        try await database.write { db in try JobColumns(job).insert(db) }
    }

    /// One write transaction: SQLite has one writer at a time, so nothing is queued between the count and the insert.
    public func insert(_ job: RenderJobRecord, queueLimit limit: Int) async throws -> QueueAdmission {
        try await database.write { db in
            let waiting = try JobColumns.filter(Column("status") == JobStatus.queued.rawValue).fetchCount(db)
            guard waiting < limit else { return .full(waiting: waiting) }
            try JobColumns(job).insert(db)
            return .queued
        }
    }

    public func job(_ id: String) async throws -> RenderJobRecord? {
        try await database.read { db in try JobColumns.fetchOne(db, key: id)?.record }
    }

    public func jobs(status: JobStatus?) async throws -> [RenderJobRecord] {
        try await database.read { db in
            var request = JobColumns.order(Column("createdAtMs").desc, Column("id").desc)
            if let status { request = request.filter(Column("status") == status.rawValue) }
            return try request.fetchAll(db).map(\.record)
        }
    }

    public func count(status: JobStatus) async throws -> Int {
        try await database.read { db in try JobColumns.filter(Column("status") == status.rawValue).fetchCount(db) }
    }

    public func claimNext() async throws -> RenderJobRecord? {
        try await database.write { db in
            guard
                var row = try JobColumns.filter(Column("status") == JobStatus.queued.rawValue)
                    .order(Column("createdAtMs"), Column("id")).fetchOne(db)
            else { return nil }
            row.status = JobStatus.running.rawValue
            row.attempts += 1
            row.framesDone = 0
            try row.update(db)
            return row.record
        }
    }

    public func recordProgress(_ id: String, framesDone: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE renderJob SET framesDone = ? WHERE id = ? AND status = 'running'", arguments: [framesDone, id])
        }
    }

    public func finish(_ id: String, as status: JobStatus, frames: Int?, ending: String?, error: String?) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE renderJob SET status = ?, frames = ?, framesDone = COALESCE(?, framesDone), ending = ?, error = ?, \(Self.callbackDue)
                    WHERE id = ? AND status = 'running'
                    """, arguments: [status.rawValue, frames, frames, ending, error, id])
            return db.changesCount == 1
        }
    }

    public func requeue(_ id: String, attemptMade: Bool) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE renderJob SET status = 'queued', framesDone = 0, attempts = attempts - ? WHERE id = ? AND status = 'running'",
                arguments: [attemptMade ? 0 : 1, id])
            return db.changesCount == 1
        }
    }

    public func cancel(_ id: String) async throws -> RenderJobRecord? {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE renderJob SET status = 'cancelled', error = 'cancelled by a DELETE', \(Self.callbackDue)
                    WHERE id = ? AND status IN ('queued', 'running')
                    """, arguments: [id])
            return try JobColumns.fetchOne(db, key: id)?.record
        }
    }

    public func delete(_ id: String) async throws {
        _ = try await database.write { db in try JobColumns.deleteOne(db, key: id) }
    }

    /// The job has ended: a waiting callback is due now (in the same statement, so a job's end and
    /// its callback's are never stored apart).
    private static let callbackDue = "callbackState = CASE callbackState WHEN 'waiting' THEN 'pending' ELSE callbackState END"

    public func callbacksDue(nowMs: Int64, limit: Int) async throws -> [RenderJobRecord] {
        try await database.read { db in
            try JobColumns.filter(Column("callbackState") == Callback.State.pending.rawValue && Column("callbackNextAtMs") <= nowMs)
                .order(Column("createdAtMs"), Column("id")).limit(limit).fetchAll(db).map(\.record)
        }
    }

    public func recordCallback(_ id: String, _ callback: Callback) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE renderJob SET callbackState = ?, callbackAttempts = ?, callbackNextAtMs = ?, callbackError = ? WHERE id = ?
                    """, arguments: [callback.state.rawValue, callback.attempts, callback.nextAtMs, callback.lastError, id])
        }
    }

    public func requeueInterrupted() async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "UPDATE renderJob SET status = 'queued', framesDone = 0 WHERE status = 'running'")
            return db.changesCount
        }
    }
}

extension JobColumns: FetchableRecord, PersistableRecord {
    static let databaseTableName = "renderJob"
}
