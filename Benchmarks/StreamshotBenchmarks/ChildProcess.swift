import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A process the benchmark runs to its end, with its own wall time and peak memory: `wait4`'s
/// resource usage is the child's alone, where `RUSAGE_CHILDREN` would be the largest of every
/// child the benchmark ever waited for.
///
/// The program is started by a small Python parent that forks and waits for it: a process
/// spawned straight from the benchmark (vfork, as `posix_spawn` does) is charged the benchmark's
/// own peak — Linux counts the memory a process had before `exec` in its `ru_maxrss` — and after
/// the in-process groups the benchmark holds a gigabyte, so every child read 1,083 MB.
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
        let report = NSTemporaryDirectory() + "streamshot-bench-child-\(getpid()).usage"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = (["python3", "-c", Self.parent, directory, report, executable] + arguments).map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + env).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "python3", &actions, nil, argv, env)
        guard spawned == 0 else { throw BenchmarkError("cannot start python3 to run \(executable): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let measured = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Double($0) }
        for file in [log, report] { try? FileManager.default.removeItem(atPath: file) }
        guard measured.count == 2 else { throw BenchmarkError("\(executable) was not measured:\n\(output.suffix(2000))") }
        // Nanoseconds and kilobytes (Linux); the exit code is the status's second byte.
        return ChildRun(status: (status >> 8) & 0xff, ms: measured[0] / 1e6, peakMB: measured[1] / 1024, output: output)
    }

    /// The program's parent: changes folder, forks, runs it, waits, and writes its wall time and
    /// peak memory (`wait4` of a child forked from this small process) to the report file.
    private static let parent = """
        import os, sys, time
        directory, report, program = sys.argv[1], sys.argv[2], sys.argv[3:]
        start = time.monotonic_ns()
        pid = os.fork()
        if pid == 0:
            try:
                os.chdir(directory)
                os.execvp(program[0], program)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.monotonic_ns() - start
        with open(report, "w") as f:
            f.write(f"{elapsed} {usage.ru_maxrss}")
        sys.exit(os.waitstatus_to_exitcode(status) & 0xff)
        """

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
