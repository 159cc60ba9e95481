import Foundation
import StreamshotProcess
import Testing

/// A child started beside a live server inherits none of this process's descriptors but its
/// standard three — the reason the type exists (a socket kept open by a child delays its FIN) —
/// and reports what it wrote and how it ended.
struct ChildProcessTests {
    @Test func theChildWritesToThePipeAndItsExitCodeIsKept() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo النص; echo text >&2; exit 3"], output: .capture)
        let output = child.readOutput()
        child.waitUntilExit()
        #expect(output == "النص\ntext\n", "standard output and error both reach the pipe")
        #expect(child.terminationStatus == 3 && child.terminationReason == .exit)
    }

    /// A descriptor this process opened without close-on-exec (as SwiftNIO accepts sockets) is
    /// closed in the child: writing to it fails there, and the pipe's reader sees its end at once.
    @Test func aDescriptorOpenedWithoutCloseOnExecIsNotInherited() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let child = try ChildProcess("/bin/sh", ["-c", "echo leaked >&\(ends[1])"], output: .capture)
        close(ends[1])
        let said = child.readOutput()
        child.waitUntilExit()
        #expect(child.terminationStatus != 0, "the child could write to descriptor \(ends[1]): \(said)")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0, "the pipe's only writer is gone: end of file, nothing leaked")
    }

    /// Started from a thread that blocks most signals (as Swift's pools and the test runner's
    /// do), the child still starts with none blocked: `terminate()` ends a program with no
    /// handler of its own, and it is not left running for its 30 seconds.
    @Test func aTerminatedChildEndsByItsSignalInItsDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let pwd = try ChildProcess("/bin/sh", ["-c", "pwd"], directory: folder, output: .capture)
        #expect(pwd.readOutput().trimmingCharacters(in: .newlines) == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
        let mask = try ChildProcess("/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], output: .capture).readOutput()
        let masks = Dictionary(
            uniqueKeysWithValues: mask.split(separator: "\n").map { line in
                let parts = line.split(separator: "\t")
                return (String(parts[0]), UInt64(parts[1], radix: 16) ?? .max)
            })
        // Bit n - 1 is signal n. (glibc's own real-time signals, 32 and 33, are its to keep.)
        let stopping = UInt64(1) << (SIGTERM - 1) | UInt64(1) << (SIGINT - 1) | UInt64(1) << (SIGHUP - 1)
        #expect(masks["SigBlk:"] == 0, "the child starts with signals blocked: \(mask)")
        #expect(masks["SigIgn:"].map { $0 & stopping == 0 } == true, "the child ignores a signal that stops it: \(mask)")
        let sleeper = try ChildProcess("/bin/sleep", ["30"], output: .discard)
        #expect(sleeper.isRunning)
        sleeper.terminate()
        sleeper.waitUntilExit()
        #expect(sleeper.terminationReason == .uncaughtSignal && sleeper.terminationStatus == SIGTERM)
        #expect(!sleeper.isRunning)
    }

    @Test func aProgramThatCannotStartIsAnErrorNotAChild() {
        #expect(throws: (any Error).self) {
            _ = try ChildProcess("/nonexistent/program", [], output: .discard)
        }
    }
}
