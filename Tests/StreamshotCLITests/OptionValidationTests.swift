import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// Issue 14's odd option values: each is refused with the option, the value and the range,
/// before anything runs; nothing traps on conversion.
@Suite struct OptionValidationTests {
    /// The message a parse fails with ("" when it parses).
    static func message(_ arguments: [String]) -> String {
        do {
            _ = try StreamshotCommand.parseAsRoot(arguments)
            return ""
        } catch {
            return StreamshotCommand.message(for: error)
        }
    }

    static let render = ["render", "x.md", "--out", NSTemporaryDirectory() + "streamshot-never-written"]

    @Test(arguments: [
        (["record", "http://x", "--out", "c.sse", "--idle-timeout", "inf"], "--idle-timeout inf: expected a number from 0.01 to 86400 seconds"),
        (["record", "http://x", "--out", "c.sse", "--idle-timeout", "1e300"], "--idle-timeout 1e+300: expected a number from 0.01 to 86400 seconds"),
        (["record", "http://x", "--out", "c.sse", "--retry-delay", "inf"], "--retry-delay inf: expected a number from 0 to 3600 seconds"),
        (["record", "http://x", "--out", "c.sse", "--retry-delay", "1e300"], "--retry-delay 1e+300: expected a number from 0 to 3600 seconds"),
        (["record", "http://x", "--out", "c.sse", "--retry-delay", "-1"], "--retry-delay -1: expected a number from 0 to 3600 seconds"),
        (["record", "http://x", "--out", "c.sse", "--max-line-bytes", "10"], "--max-line-bytes 10: expected a number from 1024 to 1073741824"),
        (["review", "r", "--animation-scale", "inf"], "--animation-scale inf: expected a number from 0.05 to 1"),
        (["review", "r", "--animation-scale", "nan"], "--animation-scale nan: expected a number from 0.05 to 1"),
        (["review", "r", "--every", "1e-9"], "--every 1e-09: expected a number from 0.05 to 3600 seconds"),
        (["compare", "a", "b", "--every", "0"], "--every 0: expected a number from 0.05 to 3600 seconds"),
        (["compare", "a", "b", "--every", "inf"], "--every inf: expected a number from 0.05 to 3600 seconds"),
        (render + ["--encoder-threads", "100000"], "--encoder-threads 100000: expected a number from 1 to 64"),
        (render + ["--encoder-threads", "0"], "--encoder-threads 0: expected a number from 1 to 64"),
        (render + ["--scale", "0.01"], "--scale 0.01: expected a number from 0.25 to 4 (pixels per point)"),
        (render + ["--scale", "0.25"], "--size 390x844 at --scale 0.25 makes 98x211 pixels"),
        (render + ["--fps", "-5"], "--fps -5: expected a number from 1 to 240"),
        (render + ["--size", "infx844"], "--size infx844 at --scale 3 makes infx2532 pixels"),
        (render + ["--max-duration", "-1"], "--max-duration -1: expected a number from 1 to 86400 seconds"),
        (render + ["--max-frames", "0"], "--max-frames 0: expected a number from 1 to 10000000"),
        (render + ["--max-line-chars", "5"], "--max-line-chars 5: expected a number from 100 to 25000"),
        (render + ["--max-line-chars", "100000"], "--max-line-chars 100000: expected a number from 100 to 25000"),
        (["check", "r", "--stall-ms", "nan"], "--stall-ms nan: expected a number from 1 to 86400000 milliseconds"),
        (["check", "r", "--burst-chars", "-3"], "--burst-chars -3: expected a number from 1 to 10000000"),
        (["check", "r", "--hung-ms", "0"], "--hung-ms 0: expected a number from 1 to 86400000 milliseconds")
    ])
    func aBadNumberNamesTheOptionAndTheRange(_ arguments: [String], _ expected: String) {
        #expect(Self.message(arguments).contains(expected))
    }

    @Test func aNegativeNumberIsAValueNotAMissingOne() {
        let message = Self.message(Self.render + ["--seed", "-5"])
        #expect(!message.contains("Missing value"))
        #expect(message.contains("-5"))
    }

    @Test func outPointingAtAFileIsRefusedByName() throws {
        let file = NSTemporaryDirectory() + "streamshot-out-file-\(UUID().uuidString)"
        try Data().write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(Self.message(["render", "x.md", "--out", file]) == "--out \(file): is a file; expected a folder (it is created when missing)")
    }

    @Test func validatedRecordOptionsConvertWithoutTrapping() throws {
        let command = try StreamshotCommand.Record.parse(["http://x", "--out", "c.sse", "--idle-timeout", "86400", "--retry-delay", "3600"])
        #expect(command.policy().idleTimeout == .seconds(86_400))
    }

    @Test func reviewEveryIsBoundedByTheRenderItsAskedOf() {
        #expect(throws: ValidationError.self) {
            try OptionRange.requireSteps(everySeconds: 0.05, durationMs: 600_000, limit: 200)
        }
        #expect(throws: Never.self) { try OptionRange.requireSteps(everySeconds: 3, durationMs: 600_000, limit: 200) }
    }
}
