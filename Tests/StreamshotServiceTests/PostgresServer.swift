import Foundation
import LiveTestSupport

/// A real PostgreSQL server for the tests: Debian's `postgresql` binaries, a cluster made in a
/// temporary folder and started on a free loopback port, stopped and removed at the end. As
/// root (CI), the server runs as the `postgres` user, since PostgreSQL refuses to run as root.
final class PostgresServer: @unchecked Sendable {
    let port: Int
    private let directory: String
    private let process: ChildProcess
    private let binaries: String

    /// The newest installed server's binaries, or nil when `postgresql` is not installed.
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        return versions.last.map { "\(root)/\($0)/bin" }.flatMap { FileManager.default.isExecutableFile(atPath: $0 + "/postgres") ? $0 : nil }
    }()

    static var available: Bool { binaries != nil }

    /// `postgres://streamshot@127.0.0.1:PORT/streamshot`.
    var url: String { "postgres://streamshot@127.0.0.1:\(port)/streamshot" }

    init() throws {
        guard let binaries = Self.binaries else { throw HarnessError("PostgreSQL is not installed (apt-get install postgresql)") }
        self.binaries = binaries
        directory = NSTemporaryDirectory() + "streamshot-postgres-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run("/bin/chown", ["postgres:postgres", directory]) }
        let data = directory + "/data"
        try Self.run(binaries + "/initdb", ["-D", data, "-U", "streamshot", "-A", "trust", "--no-sync", "-E", "UTF8"], asPostgres: true)
        port = try CrashRecoveryTests.freePort()
        let server = [
            binaries + "/postgres", "-D", data, "-p", "\(port)", "-k", directory, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "max_connections=200"
        ]
        // A child of its own (`ChildProcess`): the server lives through other tests' live servers.
        let (executable, arguments) = Self.command(server, asPostgres: true)
        process = try ChildProcess(executable, arguments, output: .discard)
        try waitUntilReady(binaries)
        try Self.run(binaries + "/createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "streamshot", "streamshot"])
    }

    /// Runs SQL on the server's database with psql (what an older Streamshot left behind, say).
    func execute(_ sql: String) throws {
        try Self.run(
            binaries + "/psql",
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", "streamshot", "-d", "streamshot", "-q",
                "-v", "ON_ERROR_STOP=1", "-c", sql
            ])
    }

    /// Stops the server (`pg_ctl stop`: a signal to `runuser` would not reach it) and removes its folder.
    func stop() {
        try? Self.run(binaries + "/pg_ctl", ["stop", "-D", directory + "/data", "-m", "immediate", "-w"], asPostgres: true)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func waitUntilReady(_ binaries: String) throws {
        for _ in 0..<200 {
            if (try? Self.run(binaries + "/pg_isready", ["-h", "127.0.0.1", "-p", "\(port)", "-q"])) != nil { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HarnessError("PostgreSQL did not start on port \(port)")
    }

    /// `command` as the `postgres` user when this process is root.
    private static func command(_ command: [String], asPostgres: Bool) -> (String, [String]) {
        if asPostgres, getuid() == 0 { return ("/usr/sbin/runuser", ["-u", "postgres", "--"] + command) }
        return (command[0], Array(command.dropFirst()))
    }

    private static func run(_ executable: String, _ arguments: [String], asPostgres: Bool = false) throws {
        let (path, all) = command([executable] + arguments, asPostgres: asPostgres)
        let process = try ChildProcess(path, all, output: .discard)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
