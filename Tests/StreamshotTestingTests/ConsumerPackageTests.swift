import Foundation
import StreamshotReview
import Testing

/// A team's own package depending on this checkout, built and tested for real (issue: the testing
/// library as a team adopts it): record then `never`, folders kept apart by suite, arguments and
/// XCTest class, the same answer arriving later, a changed answer's artifacts and hint, stale
/// references removed on re-record, and a package graph with nothing but Streamshot in it.
///
/// The package is `Examples/consumer` — what a team copies, with its one test — and
/// `Fixtures/consumer`'s tests and stream added to it, copied to `.build/streamshot-consumer/`
/// (kept between runs, so a second run builds incrementally) beside a link named `streamshot` to
/// this checkout, as the example's `Package.swift` and docs/golden-tests.md expect.
@Suite(.serialized) struct ConsumerPackageTests {
    static let consumer = ConsumerPackage(fixture: "consumer", example: "Examples/consumer", workspace: "streamshot-consumer", name: "LeaseApp")
    static var workspace: URL { consumer.workspace }
    static var package: URL { consumer.package }

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
        // The example's own test, as a team that copied it runs it.
        #expect(first.output.contains("commit them with the test (git add Snapshots/AnswerTests/theLeaseAnswerStreams)"), "\(first.output)")
        #expect(Self.exists("Snapshots/AnswerTests/theLeaseAnswerStreams/final.png"))
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
        let changed = try await Self.test(
            record: "never", arguments: ["--attachments-path", attachments],
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary,
                "GITHUB_WORKSPACE": Self.package.path
            ])
        #expect(changed.status != 0)
        Self.expectAttachedAndAnnotated(changed.output, attachments: attachments, summary: summary)
        for expected in [
            "pixels differ", ".expected.png", ".actual.png", ".diff.png",
            "re-record: STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'"
        ] {
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
        #expect(
            reRecorded.output.contains(
                "removed 1 stale reference(s) from Snapshots/LeaseTests/Phone/streams that no moment uses any more: section-1.png"))
        #expect(!Self.exists("Snapshots/LeaseTests/Phone/streams/section-1.png"))
        #expect(try await Self.test(record: "never").status == 0)
        #expect(try RunReport.collect(in: artifacts).entries.isEmpty, "a passing run leaves no failure records")
    }

    static let answer = ["## البند الأول: الأطراف\n\n", "يلتزم المستأجر بدفع الإيجار في موعده.\n\n", "The notice period runs from receipt."]

    /// The package afresh (its references and answer too), its build folder kept.
    static func prepare() throws {
        try consumer.prepare(references: ["Snapshots"])
        try writeAnswer(shiftedBy: 0)
    }

    static func writeAnswer(_ parts: [String] = answer, shiftedBy shift: Int = 0) throws { try consumer.writeAnswer(parts, shiftedBy: shift) }

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
            #expect(
                kept.contains { $0.hasPrefix((file as NSString).deletingPathExtension) && $0.hasSuffix((file as NSString).pathExtension) },
                "no attachment \(file) in \(kept)")
        }
        let annotation = output.split(separator: "\n").first { $0.hasPrefix("::error file=Tests/LeaseTests/") }
        #expect(
            annotation?.contains(",line=") == true && annotation?.contains("of this assertion's references differ") == true,
            "no annotation on the assertion's line: \(output)")
        let text = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
        #expect(text.contains("### ❌ ") && text.contains("STREAMSHOT_RECORD=failed swift test --filter 'Phone/streams'"), "summary: \(text)")
    }

    static func exists(_ path: String) -> Bool { consumer.exists(path) }

    static func resolvedPackages() throws -> [String] { try consumer.resolvedPackages() }

    static func swift(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await consumer.swift(arguments, environment: environment)
    }
}
