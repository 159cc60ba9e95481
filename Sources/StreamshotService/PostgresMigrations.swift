import Logging
import PostgresNIO

/// The PostgreSQL schema, created and migrated by the service on start: numbered migrations,
/// applied once each, in order, under an advisory lock so instances starting together take
/// turns. Integers are BIGINT throughout (Swift's Int binds as one).
enum PostgresMigrations {
    static let migrations: [(version: Int, name: String, statements: [String])] = [
        (
            1, "render jobs",
            [
                """
                CREATE TABLE renderJob (id TEXT PRIMARY KEY, status TEXT NOT NULL, createdAtMs BIGINT NOT NULL, input TEXT NOT NULL,
                                        arguments TEXT NOT NULL, framesDone BIGINT NOT NULL, frames BIGINT, ending TEXT, error TEXT,
                                        attempts BIGINT NOT NULL, owner TEXT, leaseUntilMs BIGINT)
                """,
                "CREATE INDEX renderJob_queue ON renderJob (status, createdAtMs, id)"
            ]
        ),
        (
            2, "completion callbacks",
            [
                """
                ALTER TABLE renderJob ADD COLUMN callbackUrl TEXT, ADD COLUMN callbackState TEXT,
                    ADD COLUMN callbackAttempts BIGINT NOT NULL DEFAULT 0, ADD COLUMN callbackNextAtMs BIGINT NOT NULL DEFAULT 0,
                    ADD COLUMN callbackError TEXT
                """,
                "CREATE INDEX renderJob_callbackDue ON renderJob (callbackState, callbackNextAtMs)"
            ]
        ),
        (
            3, "job endings, each logged once",
            [
                "CREATE TABLE renderJobEnding (jobId TEXT NOT NULL, status TEXT NOT NULL, owner TEXT NOT NULL, atMs BIGINT NOT NULL)",
                "CREATE INDEX renderJobEnding_job ON renderJobEnding (jobId)"
            ]
        ),
        // The rows' arguments become specs in Swift (`convertSpecs`), in the same transaction.
        (4, "render specs", ["ALTER TABLE renderJob RENAME COLUMN arguments TO spec"])
    ]

    /// A number no other advisory lock of ours uses.
    private static let lockKey: Int64 = 0x5354_5245_414D  // "STREAM"

    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schemaMigration (version BIGINT PRIMARY KEY, name TEXT NOT NULL)
                """, logger: logger)
            var applied: Set<Int> = []
            for try await version in try await connection.query("SELECT version FROM schemaMigration", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                if migration.version == 4 { try await convertSpecs(connection, logger: logger) }
                try await connection.query(
                    "INSERT INTO schemaMigration (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
                logger.info("migrated the job store", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
            }
        }
    }
}

extension PostgresMigrations {
    /// Each stored job's arguments, rewritten as its spec.
    static func convertSpecs(_ connection: PostgresConnection, logger: Logger) async throws {
        var rows: [(id: String, stored: String)] = []
        for try await (id, stored) in try await connection.query("SELECT id, spec FROM renderJob", logger: logger).decode((String, String).self) {
            rows.append((id, stored))
        }
        for row in rows {
            let spec = try StoredSpecMigration.converted(row.stored)
            try await connection.query("UPDATE renderJob SET spec = \(spec) WHERE id = \(row.id)", logger: logger)
        }
    }
}

extension JobColumns {
    /// The columns a query reads, in the order `init(_ row:)` decodes them.
    static let list = """
        id, status, createdAtMs, input, spec, framesDone, frames, ending, error, attempts, \
        callbackUrl, callbackState, callbackAttempts, callbackNextAtMs, callbackError
        """

    init(_ row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        id = try cells[0].decode(String.self)
        status = try cells[1].decode(String.self)
        createdAtMs = try cells[2].decode(Int64.self)
        input = try cells[3].decode(String.self)
        spec = try cells[4].decode(String.self)
        framesDone = try cells[5].decode(Int.self)
        frames = try cells[6].decode(Int?.self)
        ending = try cells[7].decode(String?.self)
        error = try cells[8].decode(String?.self)
        attempts = try cells[9].decode(Int.self)
        callbackUrl = try cells[10].decode(String?.self)
        callbackState = try cells[11].decode(String?.self)
        callbackAttempts = try cells[12].decode(Int.self)
        callbackNextAtMs = try cells[13].decode(Int64.self)
        callbackError = try cells[14].decode(String?.self)
    }
}
