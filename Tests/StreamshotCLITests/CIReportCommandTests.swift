import ArgumentParser
import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

@testable import StreamshotCLI

/// `check --junit` and `matrix --junit` as a JUnit reader reads them (PyPI's junitparser, which
/// setup installs), and both commands under GitHub Actions: an annotation per failing rule or
/// cell, a section in the job summary.
@Suite(.serialized) struct CIReportCommandTests {
    /// One test case as junitparser read it.
    struct ReadCase: Decodable, Equatable {
        var suite: String
        var name: String
        var result: String
        var message: String?
        var type: String?
        var text: String?
    }

    static let reader = """
        import json, sys
        from junitparser import JUnitXml, Failure, Skipped
        cases = []
        for suite in JUnitXml.fromfile(sys.argv[1]):
            for case in suite:
                result = case.result[0] if case.result else None
                kind = "failure" if isinstance(result, Failure) else "skipped" if isinstance(result, Skipped) else "passed"
                cases.append({"suite": suite.name, "name": case.name, "result": kind,
                              "message": getattr(result, "message", None), "type": getattr(result, "type", None),
                              "text": getattr(result, "text", None)})
        print(json.dumps(cases))
        """

    /// The file's test cases, read by junitparser.
    static func read(_ path: String) throws -> [ReadCase] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", reader, path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "junitparser could not read \(path) (is it installed? scripts/setup.sh installs it): \(problem)")
        return try JSONDecoder().decode([ReadCase].self, from: data)
    }

    /// GitHub Actions as the runner sets it, its annotations kept in `lines`.
    static func github(summary: String, workspace: String = "/work/repo") -> (GitHubActions, Locked<[String]>) {
        let lines = Locked<[String]>([])
        var github = GitHubActions(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": workspace])!
        github.emit = { line in lines.withLock { $0.append(line) } }
        return (github, lines)
    }

    @Test func aFailingCheckIsAJUnitCasePerDetectorNamingTheFailingOne() throws {
        let buggy = try CommandRunTests.render([try CommandRunTests.input(), "--network", "instant", "--align-resolution", "mirrored-twice"])
        let folder = CommandRunTests.temporaryDirectory("junit")
        let (github, annotations) = Self.github(summary: folder + "/summary.md")
        let check = try StreamshotCommand.Check.parse([buggy, "--junit", folder + "/reports/check.xml"])
        #expect(throws: ExitCode(1)) { try check.run(github: github) }

        let cases = try Self.read(folder + "/reports/check.xml")
        #expect(cases.map(\.name) == Detector.all.map(\.name), "a case per detector, in the report's order")
        #expect(Set(cases.map(\.suite)) == [buggy])
        let failing = cases.filter { $0.result == "failure" }
        #expect(failing.map(\.name).contains("alignment"), "\(failing)")
        for failure in failing {
            #expect(failure.message?.hasPrefix("\(failure.name): ") == true && failure.message?.contains(" finding(s); frame ") == true)
            #expect(failure.text?.split(separator: "\n").allSatisfy { $0.hasPrefix("frame ") } == true, "every finding, frame first")
        }
        // An annotation per failing rule, titled with the render and the rule; the summary's table names them.
        let lines = annotations.withLock { $0 }
        #expect(lines.count == failing.count)
        for failure in failing {
            #expect(lines.contains { $0.hasPrefix("::error title=streamshot check \(buggy)%3A \(failure.name)::\(failure.name): ") }, "\(lines)")
        }
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("### ❌ streamshot check `\(buggy)`: FAIL"))
        #expect(summary.contains("| alignment | fail | "))
    }

    @Test func aPassingCheckIsAllPassedCasesAndAnnotatesNothing() throws {
        let good = try CommandRunTests.render([try CommandRunTests.input(), "--network", "instant"])
        let folder = CommandRunTests.temporaryDirectory("junit-pass")
        let (github, annotations) = Self.github(summary: folder + "/summary.md")
        try StreamshotCommand.Check.parse([good, "--junit", folder + "/check.xml"]).run(github: github)
        let cases = try Self.read(folder + "/check.xml")
        #expect(!cases.isEmpty && cases.allSatisfy { $0.result != "failure" }, "\(cases)")
        #expect(annotations.withLock { $0 }.isEmpty)
        #expect(try String(contentsOfFile: folder + "/summary.md", encoding: .utf8).hasPrefix("### ✅ streamshot check"))
    }

    /// A case per cell in a suite per input; the failing cell's annotation is on its input file,
    /// relative to the workspace as a pull request names it.
    @Test func aMatrixIsASuitePerInputAndACasePerCell() throws {
        let input = try CommandRunTests.input()
        let out = CommandRunTests.temporaryDirectory("junit-matrix")
        let (github, annotations) = Self.github(summary: out + "/summary.md", workspace: (input as NSString).deletingLastPathComponent)
        let matrix = try StreamshotCommand.Matrix.parse([
            input, "--network", "instant", "--size", "200x300", "--scale", "1",
            "--fonts", CommandRunTests.fonts, "--clients", "reference,haqq-mobile",
            "--align-resolution", "mirrored-twice", "--out", out, "--junit", out + "/matrix.xml"
        ])
        #expect(throws: ExitCode(1)) { try matrix.run(github: github) }
        let cases = try Self.read(out + "/matrix.xml")
        #expect(cases.count == 2 && cases.allSatisfy { $0.suite == input }, "\(cases)")
        #expect(
            cases.allSatisfy { $0.result == "failure" && $0.message?.hasPrefix("check failed: ") == true && $0.text?.contains("report: ") == true })
        let lines = annotations.withLock { $0 }
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("::error file=answer.md,title=streamshot matrix%3A ") }, "\(lines)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("### ❌ streamshot matrix: 2 cells, 2 failing"))
    }

    @Test func aJUnitFileThatCannotBeWrittenIsNamed() throws {
        let good = try CommandRunTests.render([try CommandRunTests.input(), "--network", "instant"])
        let blocked = CommandRunTests.temporaryDirectory("junit-blocked") + "/file"
        try Data().write(to: URL(fileURLWithPath: blocked))
        #expect {
            try StreamshotCommand.Check.parse([good, "--junit", blocked + "/check.xml"]).run(github: nil)
        } throws: { error in
            "\(error)".hasPrefix("--junit \(blocked)/check.xml: cannot write the report")
        }
    }
}

/// A value shared by closures on any thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
