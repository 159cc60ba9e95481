import Foundation
import Testing

/// The GitHub Action (action.yml) and the script its step runs, with the command this checkout
/// built (`STREAMSHOT_BIN`, so the test neither installs nor builds): the command's verdict is
/// the step's, its annotations and JUnit file are written, its outputs are set.
@Suite(.serialized) struct ActionScriptTests {
    static let root = ScaleDocsTests.root
    static let binary = root.appendingPathComponent(".build/debug/streamshot").path

    static func runScript(command: String, junit: String, folder: String) throws -> (status: Int32, output: String, outputs: String) {
        let outputs = folder + "/github-output"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/github-action.sh").path]
        var environment = ProcessInfo.processInfo.environment
        environment.merge([
            "STREAMSHOT_BIN": binary, "INPUT_COMMAND": command, "INPUT_JUNIT": junit, "GITHUB_ACTIONS": "true",
            "GITHUB_OUTPUT": outputs, "GITHUB_STEP_SUMMARY": folder + "/summary.md"
        ]) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), (try? String(contentsOfFile: outputs, encoding: .utf8)) ?? "")
    }

    @Test func theActionPassesItsInputsToTheScript() throws {
        let action = try #require(try ScaleDocsTests.yamlFile(Self.root.appendingPathComponent("action.yml").path).first)
        #expect(ScaleDocsTests.value(action, "runs", "using") as? String == "composite")
        let step = try #require(ScaleDocsTests.value(action, "runs", "steps", "0") as? [String: Any])
        #expect((step["run"] as? String)?.contains("scripts/github-action.sh") == true)
        let inputs = try #require(ScaleDocsTests.value(action, "inputs") as? [String: Any])
        let passed = try #require(step["env"] as? [String: String])
        for name in inputs.keys {
            #expect(passed["INPUT_" + name.uppercased()] == "${{ inputs.\(name) }}", "the input \(name) does not reach the script")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs .build/debug/streamshot (swift build)"))
    func aFailingCheckFailsTheStepWithAnnotationsJUnitAndOutputs() throws {
        let buggy = try CommandRunTests.render([try CommandRunTests.input(), "--network", "instant", "--align-resolution", "mirrored-twice"])
        let folder = CommandRunTests.temporaryDirectory("action")
        let run = try Self.runScript(command: "check '\(buggy)'", junit: folder + "/check.xml", folder: folder)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("::error title=streamshot check \(buggy)%3A alignment::"), "\(run.output)")
        #expect(run.outputs == "passed=false\njunit=\(folder)/check.xml\n")
        #expect(try CIReportCommandTests.read(folder + "/check.xml").contains { $0.name == "alignment" && $0.result == "failure" })

        let good = try CommandRunTests.render([try CommandRunTests.input(), "--network", "instant"])
        let passing = try Self.runScript(command: "check \(good)", junit: "", folder: CommandRunTests.temporaryDirectory("action-pass"))
        #expect(passing.status == 0 && passing.outputs == "passed=true\n", "\(passing.output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs .build/debug/streamshot (swift build)"))
    func anEmptyOrUnreadableCommandIsNamed() throws {
        let run = try Self.runScript(command: "  ", junit: "", folder: CommandRunTests.temporaryDirectory("action-empty"))
        #expect(run.status == 2 && run.output.contains("::error title=streamshot::the action's 'command' input is empty"))
        let open = try Self.runScript(command: "check 'out", junit: "", folder: CommandRunTests.temporaryDirectory("action-quote"))
        #expect(open.status == 2 && open.output.contains("'command' input is not shell words (a quote left open?): check 'out"), "\(open.output)")
    }
}
