import Foundation
import LiveTestSupport
import Logging
import Streamshot
import Testing

@testable import StreamshotService

/// Jobs stored by a Streamshot before the render spec (their options as `streamshot render`
/// arguments, a JSON array in an `arguments` column) are converted by each store's migration and
/// read back as specs: the same options, a job that renders after the upgrade.
@Suite(.serialized, .onOwnThreads) struct SpecMigrationTests {
    /// The arguments an older server stored: a query's options as `--name=value`, then its caps.
    static let oldArguments =
        #"["--client=haqq-mobile","--theme=dark","--no-monospaced","--interaction=stop@2s","--max-frames","300","--max-duration","600"]"#

    /// The spec those arguments make.
    static func expectMigrated(_ job: RenderJobRecord?, _ kind: String) throws {
        let job = try #require(job, "\(kind): the old job is still there")
        #expect(job.spec["client"] == .name("haqq-mobile") && job.spec["theme"] == .name("dark") && job.spec["monospaced"] == .flag(false), "\(kind)")
        #expect(job.spec.all("interaction") == [.text("stop@2s")] && job.spec["max-frames"] == .integer(300), "\(kind)")
        let settings = try RenderSettings(spec: job.spec)
        #expect(settings.client.name == "haqq-mobile" && settings.maxFrames == 300 && settings.monospaced == false, "\(kind)")
    }

    @Test func sqliteConvertsTheJobsAnOlderServerStored() async throws {
        let path = NSTemporaryDirectory() + "streamshot-old-\(UUID().uuidString).sqlite"
        // The schema and rows of the store before "v3: render specs", as GRDB left them.
        try Self.sqlite(
            path,
            """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1: render jobs'), ('v2: completion callbacks');
            CREATE TABLE renderJob (id TEXT PRIMARY KEY, status TEXT NOT NULL, createdAtMs INTEGER NOT NULL, input TEXT NOT NULL,
                arguments TEXT NOT NULL, framesDone INTEGER NOT NULL, frames INTEGER, ending TEXT, error TEXT, attempts INTEGER NOT NULL,
                callbackUrl TEXT, callbackState TEXT, callbackAttempts INTEGER NOT NULL DEFAULT 0,
                callbackNextAtMs INTEGER NOT NULL DEFAULT 0, callbackError TEXT);
            INSERT INTO renderJob (id, status, createdAtMs, input, arguments, framesDone, attempts)
                VALUES ('old', 'queued', 1000, 'md', '\(Self.oldArguments)', 0, 0);
            """)
        let store = try SQLiteJobStore(path: path)
        try Self.expectMigrated(try await store.job("old"), "sqlite")
        #expect(try await store.claimNext()?.id == "old", "sqlite: the old job is claimed as any other")
        let stored = try Self.sqliteValue(path, "SELECT spec FROM renderJob WHERE id = 'old'")
        #expect(stored.hasPrefix("{") && stored.contains(#""client":"haqq-mobile""#), "sqlite: the row now holds a spec: \(stored)")
    }

    @Test(.enabled(if: PostgresServer.available, "PostgreSQL is not installed (apt-get install postgresql)"))
    func postgresConvertsTheJobsAnOlderServerStored() async throws {
        let server = try PostgresServer()
        defer { server.stop() }
        // The schema and rows of the store at migration 3, as an older server left them.
        try server.execute(
            """
            CREATE TABLE schemaMigration (version BIGINT PRIMARY KEY, name TEXT NOT NULL);
            INSERT INTO schemaMigration VALUES (1, 'render jobs'), (2, 'completion callbacks'), (3, 'job endings, each logged once');
            CREATE TABLE renderJob (id TEXT PRIMARY KEY, status TEXT NOT NULL, createdAtMs BIGINT NOT NULL, input TEXT NOT NULL,
                arguments TEXT NOT NULL, framesDone BIGINT NOT NULL, frames BIGINT, ending TEXT, error TEXT,
                attempts BIGINT NOT NULL, owner TEXT, leaseUntilMs BIGINT, callbackUrl TEXT, callbackState TEXT,
                callbackAttempts BIGINT NOT NULL DEFAULT 0, callbackNextAtMs BIGINT NOT NULL DEFAULT 0, callbackError TEXT);
            CREATE TABLE renderJobEnding (jobId TEXT NOT NULL, status TEXT NOT NULL, owner TEXT NOT NULL, atMs BIGINT NOT NULL);
            INSERT INTO renderJob (id, status, createdAtMs, input, arguments, framesDone, attempts)
                VALUES ('old', 'queued', 1000, 'md', '\(Self.oldArguments)', 0, 0);
            """)
        var logger = Logger(label: "streamshot.tests.migration")
        logger.logLevel = .error
        let store = try await PostgresJobStore(url: server.url, logger: logger)
        defer { store.close() }
        try Self.expectMigrated(try await store.job("old"), "postgres")
        #expect(try await store.claimNext()?.id == "old", "postgres: the old job is claimed as any other")
    }

    @Test func aRowStillInTheOldShapeIsRead() {
        let spec = StoredSpecMigration.spec(fromStored: Self.oldArguments)
        #expect(spec["theme"] == .name("dark") && spec["max-duration"] == .number(600))
        #expect(StoredSpecMigration.spec(fromStored: #"["--no-such-option=1"]"#).isEmpty, "an option since removed: an empty spec, not a crash")
    }

    static func sqlite(_ path: String, _ sql: String) throws {
        _ = try run(["/usr/bin/sqlite3", path, sql])
    }

    static func sqliteValue(_ path: String, _ sql: String) throws -> String {
        try run(["/usr/bin/sqlite3", path, sql]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ command: [String]) throws -> String {
        let process = try ChildProcess(command[0], Array(command.dropFirst()), output: .capture)
        let output = process.readOutput()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("\(command.joined(separator: " ")) exited \(process.terminationStatus)") }
        return output
    }
}
