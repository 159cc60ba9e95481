import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A process the benchmark runs to its end, with its own wall time and peak memory: `wait4`'s
/// resource usage is the child's alone, where `RUSAGE_CHILDREN` would be the largest of every
/// child the benchmark ever waited for.
struct ChildRun {
    let status: Int32
    let ms: Double
    let peakMB: Double
    /// Standard output and error, interleaved.
    let output: String
}

enum ChildProcess {
    /// Runs `executable` with `arguments` in `directory`, the benchmark's environment plus `environment`.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: String = FileManager.default.currentDirectoryPath) throws -> ChildRun {
        let log = NSTemporaryDirectory() + "streamshot-bench-child-\(getpid()).log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The shell changes folder and becomes the program (same process: the usage is the program's).
        let argv = (["/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory, executable] + arguments).map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, env)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): errno \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let ms = now() - start
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        // Linux reports kilobytes; the exit code is the status's second byte.
        return ChildRun(status: (status >> 8) & 0xff, ms: ms, peakMB: Double(usage.ru_maxrss) / 1024, output: output)
    }

    /// `run`, failing when the process does.
    static func succeed(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                        directory: String = FileManager.default.currentDirectoryPath) throws -> ChildRun {
        let run = try run(executable, arguments, environment: environment, directory: directory)
        guard run.status == 0 else {
            throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed (\(run.status)):\n\(run.output.suffix(2000))")
        }
        return run
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
