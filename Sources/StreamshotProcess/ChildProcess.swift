public import Foundation

/// A program run beside a live server (ffmpeg for a review the service makes; PostgreSQL, a
/// `streamshot serve` or schemathesis in the live test suites), that inherits no descriptor of
/// this process but its standard three.
///
/// `Foundation.Process` on Linux closes the parent's descriptors in the child by a list it makes
/// before it spawns: the descriptors up to the highest one open *then*. A socket that the server
/// accepts in between is above that list, and the child keeps it: when the server closes the
/// connection, its peer gets no FIN while the child lives (seconds to minutes). SwiftNIO accepts without
/// `SOCK_CLOEXEC`, so every accepted socket is exposed. Here the child closes every descriptor
/// from 3 up at spawn time (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34), with no
/// list to go stale. (On Darwin, `Foundation.Process` spawns with `POSIX_SPAWN_CLOEXEC_DEFAULT`, which has no
/// such gap: it is used there.)
#if os(Linux)
    public final class ChildProcess: @unchecked Sendable {
        public enum Output: Sendable {
            /// The child writes to this process's standard output and error.
            case inherit
            /// To /dev/null.
            case discard
            /// To a pipe, read with `readOutput()`.
            case capture
        }

        public let processIdentifier: pid_t
        private let lock = NSLock()
        private var status: Int32?
        private let outputDescriptor: Int32?

        /// Starts `executable` (an absolute path) with `arguments`, in `directory` if given, in a process group of its own.
        public init(_ executable: String, _ arguments: [String], directory: String? = nil, output: Output = .inherit) throws {
            let actions = SpawnFileActions()
            defer { actions.destroy() }
            var pipeDescriptors: [Int32] = [-1, -1]
            if output == .capture {
                guard pipe(&pipeDescriptors) == 0 else { throw SpawnError(what: "pipe", code: errno) }
                _ = fcntl(pipeDescriptors[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(pipeDescriptors[1], F_SETFD, FD_CLOEXEC)
            }
            switch output {
            case .inherit: break
            case .discard:
                try actions.check(posix_spawn_file_actions_addopen(actions.pointer, 1, "/dev/null", O_WRONLY, 0))
                try actions.check(posix_spawn_file_actions_adddup2(actions.pointer, 1, 2))
            case .capture:
                try actions.check(posix_spawn_file_actions_adddup2(actions.pointer, pipeDescriptors[1], 1))
                try actions.check(posix_spawn_file_actions_adddup2(actions.pointer, pipeDescriptors[1], 2))
            }
            if let directory { try actions.check(actions.addChdir(directory)) }
            try actions.closeFromThree()

            let attributes = SpawnAttributes()
            defer { attributes.destroy() }
            // The child starts with no signal blocked and every signal at its default: a thread of
            // Swift's pools (or the test runner's) blocks most signals, and a child would inherit that
            // mask, so `terminate()` would leave a program that sets no handler of its own running.
            try attributes.startWithDefaultSignals()
            try attributes.set(flags: Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, executable, actions.pointer, attributes.pointer, argv, environ)
            if output == .capture { close(pipeDescriptors[1]) }
            guard result == 0 else {
                if output == .capture { close(pipeDescriptors[0]) }
                throw SpawnError(what: "posix_spawn \(executable)", code: result)
            }
            processIdentifier = pid
            outputDescriptor = output == .capture ? pipeDescriptors[0] : nil
        }

        deinit { if let outputDescriptor { close(outputDescriptor) } }

        /// What the child wrote (`.capture`), to its end.
        public func readOutput() -> String {
            guard let outputDescriptor else { return "" }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(outputDescriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        public func waitUntilExit() {
            if lock.withLock({ status != nil }) { return }
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(processIdentifier, &raw, 0) } while result < 0 && errno == EINTR
            lock.withLock { if status == nil { status = result == processIdentifier ? raw : -1 } }
        }

        public var isRunning: Bool {
            lock.withLock {
                guard status == nil else { return false }
                var raw: Int32 = 0
                let result = waitpid(processIdentifier, &raw, WNOHANG)
                if result == 0 { return true }
                status = result == processIdentifier ? raw : -1
                return false
            }
        }

        /// The exit code, or the signal that ended it (as `Foundation.Process` reports it).
        public var terminationStatus: Int32 {
            waitUntilExit()
            let raw = lock.withLock { status ?? -1 }
            if raw == -1 { return -1 }
            return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
        }

        /// Whether it exited or a signal ended it.
        public var terminationReason: Process.TerminationReason {
            waitUntilExit()
            let raw = lock.withLock { status ?? -1 }
            return raw != -1 && raw & 0x7f != 0 ? .uncaughtSignal : .exit
        }

        public func terminate() { kill(processIdentifier, SIGTERM) }
    }
#else
    public final class ChildProcess: @unchecked Sendable {
        public enum Output: Sendable { case inherit, discard, capture }

        private let process = Process()
        private let pipe = Pipe()

        public init(_ executable: String, _ arguments: [String], directory: String? = nil, output: Output = .inherit) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            switch output {
            case .inherit: break
            case .discard: (process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
            case .capture: (process.standardOutput, process.standardError) = (pipe, pipe)
            }
            try process.run()
        }

        public var processIdentifier: pid_t { process.processIdentifier }
        public func readOutput() -> String { String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        public func waitUntilExit() { process.waitUntilExit() }
        public var isRunning: Bool { process.isRunning }
        public var terminationStatus: Int32 {
            process.waitUntilExit()
            return process.terminationStatus
        }
        public var terminationReason: Process.TerminationReason {
            process.waitUntilExit()
            return process.terminationReason
        }
        public func terminate() { process.terminate() }
    }
#endif

public struct SpawnError: Error, CustomStringConvertible {
    public let what: String
    public let code: Int32
    public var description: String { "\(what): \(String(cString: strerror(code)))" }
}

#if os(Linux)
    /// glibc's `_np` spawn actions, which its module map does not show to Swift.
    private let addCloseFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self) }
    private let addChdirNp = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self) }

    private struct SpawnFileActions {
        let pointer: UnsafeMutablePointer<posix_spawn_file_actions_t>
        init() {
            pointer = .allocate(capacity: 1)
            posix_spawn_file_actions_init(pointer)
        }
        func destroy() {
            posix_spawn_file_actions_destroy(pointer)
            pointer.deallocate()
        }
        func check(_ result: Int32) throws { if result != 0 { throw SpawnError(what: "posix_spawn_file_actions", code: result) } }
        func addChdir(_ directory: String) -> Int32 {
            guard let addChdirNp else { return ENOSYS }
            return addChdirNp(pointer, directory)
        }
        /// Every descriptor from 3 up, closed in the child when it starts.
        func closeFromThree() throws {
            guard let addCloseFrom else { throw SpawnError(what: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34)", code: ENOSYS) }
            try check(addCloseFrom(pointer, 3))
        }
    }

    private struct SpawnAttributes {
        let pointer: UnsafeMutablePointer<posix_spawnattr_t>
        init() {
            pointer = .allocate(capacity: 1)
            posix_spawnattr_init(pointer)
        }
        func destroy() {
            posix_spawnattr_destroy(pointer)
            pointer.deallocate()
        }
        func set(flags: Int32) throws {
            let result = posix_spawnattr_setflags(pointer, Int16(flags))
            if result != 0 { throw SpawnError(what: "posix_spawnattr_setflags", code: result) }
        }
        /// An empty signal mask, and every signal's disposition reset to its default (used with
        /// `POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF`), as `Foundation.Process` spawns.
        func startWithDefaultSignals() throws {
            var none = sigset_t()
            var every = sigset_t()
            sigemptyset(&none)
            sigfillset(&every)
            var result = posix_spawnattr_setsigmask(pointer, &none)
            if result == 0 { result = posix_spawnattr_setsigdefault(pointer, &every) }
            if result != 0 { throw SpawnError(what: "posix_spawnattr_setsigmask", code: result) }
        }
    }
#endif
