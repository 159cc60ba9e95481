import Foundation
import StreamshotReview
import Testing

/// A team's own package depending on this checkout, built and tested for real (issue: the testing
/// library as a team adopts it): record then `never`, folders kept apart by suite, arguments and
/// XCTest class, the same answer arriving later, a changed answer's artifacts and hint, stale
/// references removed on re-record, and a package graph with nothing but Streamshot in it.
///
/// The package is `Fixtures/consumer`, copied to `.build/streamshot-consumer/` (kept between
/// runs, so a second run builds incrementally) beside a link named `streamshot` to this checkout,
/// as the `Package.swift` lines in docs/golden-tests.md expect.
@Suite(.serialized) struct ConsumerPackageTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let workspace = checkout.appendingPathComponent(".build/streamshot-consumer")
    static let package = workspace.appendingPathComponent("LeaseApp")

    @Test func aTeamsPackageRecordsComparesAndReRecords() async throws {
        try Self.prepare()
        let build = try await Self.swift(["build", "--build-tests"])
        #expect(build.status == 0, "\(build.output)")
        let streamshotWarnings = build.output.split(separator: "\n").filter { $0.contains("/Sources/Streamshot") && $0.contains("warning:") }
        #expect(streamshotWarnings.isEmpty, "a consumer build warns in Streamshot's sources: \(streamshotWarnings)")
        #expect(try Self.resolvedPackages().isEmpty, "a consumer of StreamshotTesting resolves other packages")

        let first = try await Self.test(record: "missing")
        #expect(first.status != 0 && first.output.contains("recorded them now"), "\(first.output)")
        let compared = try await Self.test(record: "never")
        #expect(compared.status == 0, "\(compared.output)")
        #expect(compared.output.contains("reveal-cadence not judged"))
        for folder in ["Phone/streams", "Tablet/streams", "Themes/final(light)", "Themes/final(dark)"] {
            #expect(Self.exists("Snapshots/LeaseTests/\(folder)/final.png"), "\(folder)")
        }
        #expect(Self.exists("Snapshots/LegacyTests/LegacyLeaseTests/testStreams/first-text.png"))
        // The default moments: the first text, the section its heading opens, the end.
        #expect(Self.exists("Snapshots/LeaseTests/Phone/streams/section-1.png"))
        #expect(!Self.exists("Snapshots/LeaseTests/Phone/streams/block-2-shown.png"))

        // The same answer a second later (a slower first token): every frame number moves.
        try Self.writeAnswer(shiftedBy: 1000)
        let later = try await Self.test(record: "never")
        #expect(later.status == 0, "\(later.output)")

        // A changed answer: fewer blocks, other words, no heading (its section's moment goes).
        try Self.writeAnswer(["مدة العقد سنة واحدة.\n\n", "The term is one year."])
        let attachments = Self.workspace.appendingPathComponent("attachments").path
        try? FileManager.default.removeItem(atPath: attachments)
        try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
        let summary = Self.workspace.appendingPathComponent("summary.md").path
        try? FileManager.default.removeItem(atPath: summary)
        let changed = try await Self.test(record: "never", arguments: ["--attachments-path", attachments],
                                          environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary,
                                                        "GITHUB_WORKSPACE": Self.package.path])
        #expect(changed.status != 0)
        Self.expectAttachedAndAnnotated(changed.output, attachments: attachments, summary: summary)
        for expected in ["pixels differ", ".expected.png", ".actual.png", ".diff.png",
                         "re-record: STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'"] {
            #expect(changed.output.contains(expected), "the failure output lacks \(expected): \(changed.output)")
        }
        #expect(Self.exists(".build/streamshot-artifacts/LeaseTests/Phone/streams/final.diff.png"))
        // One issue for the assertion, naming every reference that differs, the command once.
        #expect(changed.output.contains("of this assertion's references differ: "), "\(changed.output)")
        // (The GitHub annotation, a line of its own, repeats the issue for the pull request.)
        let issueLines = changed.output.split(separator: "\n").filter { !$0.hasPrefix("::error ") }.joined(separator: "\n")
        #expect(issueLines.components(separatedBy: "re-record: STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'").count == 2)
        #expect(!changed.output.contains("Caught error"))
        // The issue names the words that changed; the run report of the artifacts works in a browser.
        #expect(changed.output.contains("the text shown changed: «"), "\(changed.output)")
        let artifacts = Self.package.appendingPathComponent(".build/streamshot-artifacts").path
        let record = try FailureRecord.read(from: artifacts + "/LeaseTests/Phone/streams/failure.json")
        #expect(record.textChange?.contains("The term is one year") == true, "\(String(describing: record.textChange))")
        #expect(record.acceptCommand == "STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'")
        let report = try RunReport.write(artifacts: artifacts)
        #expect(report.contents.entries.map(\.folder).contains("LeaseTests/Phone/streams") && report.contents.unreadable.isEmpty)
        if RunReportTests.browserAvailable { BrowserCheck.expectWorking(try BrowserCheck.run(report.path)) }

        let reRecorded = try await Self.test(record: "all")
        #expect(reRecorded.status == 0, "\(reRecorded.output)")
        #expect(reRecorded.output.contains("removed 1 stale reference(s) from Snapshots/LeaseTests/Phone/streams that no moment uses any more: section-1.png"))
        #expect(!Self.exists("Snapshots/LeaseTests/Phone/streams/section-1.png"))
        #expect(try await Self.test(record: "never").status == 0)
        #expect(try RunReport.collect(in: artifacts).entries.isEmpty, "a passing run leaves no failure records")
    }

    static let answer = ["## البند الأول: الأطراف\n\n", "يلتزم المستأجر بدفع الإيجار في موعده.\n\n", "The notice period runs from receipt."]

    /// The package afresh (its references and answer too), its build folder kept.
    static func prepare() throws {
        let files = FileManager.default
        try files.createDirectory(at: workspace, withIntermediateDirectories: true)
        let link = workspace.appendingPathComponent("streamshot")
        try? files.removeItem(at: link)
        try files.createSymbolicLink(at: link, withDestinationURL: checkout)
        for item in ["Package.swift", "Tests", "Streams", "Snapshots"] {
            try? files.removeItem(at: package.appendingPathComponent(item))
        }
        try files.createDirectory(at: package, withIntermediateDirectories: true)
        let fixture = checkout.appendingPathComponent("Tests/StreamshotTestingTests/Fixtures/consumer")
        for item in ["Package.swift", "Tests", "Streams"] {
            try files.copyItem(at: fixture.appendingPathComponent(item), to: package.appendingPathComponent(item))
        }
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "STREAMSHOT_CHECKOUT", with: "../streamshot")
            .replacingOccurrences(of: "STREAMSHOT_IDENTITY", with: "streamshot")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        try writeAnswer(shiftedBy: 0)
    }

    /// `Streams/answer.jsonl`: `parts` at 300, 700, 1100 ms (plus `shiftedBy`), done 300 ms after.
    static func writeAnswer(_ parts: [String] = answer, shiftedBy shift: Int = 0) throws {
        var lines = parts.enumerated().map { index, part in
            let content = String(decoding: try! JSONEncoder().encode(part), as: UTF8.self)
            return "{\"t\":\(300 + 400 * index + shift),\"type\":\"delta\",\"content\":\(content)}"
        }
        lines.append("{\"t\":\(300 + 400 * parts.count + shift),\"type\":\"done\"}")
        try (lines.joined(separator: "\n") + "\n").write(to: package.appendingPathComponent("Streams/answer.jsonl"), atomically: true, encoding: .utf8)
    }

    static func writeAnswer(shiftedBy shift: Int) throws { try writeAnswer(answer, shiftedBy: shift) }

    static func test(record: String, arguments: [String] = [], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await swift(["test", "--skip-build"] + arguments, environment: environment.merging(["STREAMSHOT_RECORD": record]) { $1 })
    }

    /// The failing golden test's expected, actual and diff images and its `failure.json` are
    /// attachments `--attachments-path` kept; under GitHub Actions the failure is an annotation on
    /// the assertion's line, and the job summary holds the cause and the accept command.
    static func expectAttachedAndAnnotated(_ output: String, attachments: String, summary: String) {
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: attachments)) ?? []
        for file in ["final.expected.png", "final.actual.png", "final.diff.png", "failure.json"] {
            #expect(kept.contains { $0.hasPrefix((file as NSString).deletingPathExtension) && $0.hasSuffix((file as NSString).pathExtension) },
                    "no attachment \(file) in \(kept)")
        }
        let annotation = output.split(separator: "\n").first { $0.hasPrefix("::error file=Tests/LeaseTests/") }
        #expect(annotation?.contains(",line=") == true && annotation?.contains("of this assertion's references differ") == true,
                "no annotation on the assertion's line: \(output)")
        let text = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
        #expect(text.contains("### ❌ ") && text.contains("STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'"), "summary: \(text)")
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: package.appendingPathComponent(path).path)
    }

    /// The packages the consumer's resolution pinned (none when `Package.resolved` is absent).
    static func resolvedPackages() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: package.appendingPathComponent("Package.resolved").path),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return ((object["pins"] as? [[String: Any]]) ?? []).compactMap { $0["identity"] as? String }
    }

    /// Runs `swift ARGS` in the package, without this run's own record mode and artifacts folder.
    /// It waits on a thread of its own: a minute's build must not hold one of Swift's few
    /// cooperative threads, which the suites running beside it need.
    static func swift(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(arguments, environment: environment) }) }.start()
        }
    }

    private static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = package
        var inherited = ProcessInfo.processInfo.environment
        inherited["STREAMSHOT_RECORD"] = nil
        inherited["STREAMSHOT_ARTIFACTS"] = nil
        // Nor the CI's own GitHub Actions: the package's annotations are the test's to ask for.
        for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
