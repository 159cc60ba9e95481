import Foundation
import Streamshot
import StreamshotReview
import Testing

@testable import StreamshotTesting

/// A failing snapshot's record (`failure.json`) and the run report made of it, opened in headless
/// Chromium: what a reviewer reads in one place.
@Suite struct RunReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let before =
        "## البند الأول\n\nيلتزم المستأجر بدفع الأجرة في موعدها المحدد كل شهر.\n\n"
        + "The notice period runs from receipt."
    static let after =
        "## البند الأول\n\nيلتزم المستأجر بدفع الإيجار في موعده المحدد كل شهر.\n\n"
        + "The notice period runs from receipt."
    static let assertion = AssertionDescription(test: "S/t", place: "F.swift:7", acceptCommand: "STREAMSHOT_RECORD=failed swift test --filter 'S/t'")

    /// Renders `text` and compares it with the references in `folder`, as an assertion of `S/t` does.
    static func verify(_ text: String, _ record: SnapshotRecordMode, in folder: String) throws -> (SnapshotOutcome, RenderedStream) {
        var settings = RenderSettings.snapshot
        settings.size.height = 300
        let stream = try RenderedStream.of(.text(text), settings: settings, packageRoot: root, keeping: .everyBlock)
        let references = ReferenceFolder(
            identity: TestIdentity(file: "F", suites: ["S"], function: "t", arguments: []), name: nil,
            snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/artifacts")
        let outcome = try StreamSnapshot(frames: .everyBlock, record: record, assertion: assertion)
            .verify(stream, folder: references, packageRoot: folder)
        return (outcome, stream)
    }

    @Test func aFailingSnapshotWritesItsRecordAndAPassingOneRemovesIt() throws {
        let folder = NSTemporaryDirectory() + "streamshot-run-report-\(UUID().uuidString)"
        let (_, reference) = try Self.verify(Self.before, .all, in: folder)
        let (outcome, stream) = try Self.verify(Self.after, .never, in: folder)
        #expect(!outcome.failures.isEmpty)
        let artifacts = folder + "/artifacts/F/S/t"
        let record = try FailureRecord.read(from: artifacts + "/failure.json")
        #expect(record.test == "S/t" && record.place == "F.swift:7")
        #expect(record.acceptCommand == "STREAMSHOT_RECORD=failed swift test --filter 'S/t'")
        #expect(record.message.hasSuffix("re-record: " + record.acceptCommand))
        #expect(record.message.prefix { $0 != "\n" }.hasSuffix("differ: block-1-shown, block-2-shown, final, manifest.txt"), "\(record.message)")
        let frames = try stream.allFrames()
        #expect(
            record.frameCount == frames.count && abs(record.durationMs - (frames.last?.timeMs ?? -1)) < 0.01, "the manifest writes times to 0.01 ms")
        // Every moment, in frame order; the differing ones with images that exist beside the record.
        #expect(record.moments.map(\.name).sorted() == stream.moments.map(\.name).sorted())
        #expect(record.moments.map(\.frame) == record.moments.map(\.frame).sorted())
        let final = try #require(record.moments.first { $0.name == "final" })
        #expect(final.cause?.contains("pixels differ") == true)
        for file in [final.expected, final.actual, final.diff] {
            let name = try #require(file)
            #expect(FileManager.default.fileExists(atPath: artifacts + "/" + name), "\(name)")
        }
        #expect(record.moments.first { $0.name == "first-text" }?.cause == nil, "the heading shows alike: its moment matches")
        // The words that changed, and the structure's files.
        let change = try #require(record.textChange)
        #expect(change.contains("الأجرة في موعدها") && change.contains("الإيجار في موعده"), "\(change)")
        #expect(record.textBefore?.changed == "أجرة في موعدها" && record.textAfter?.changed == "إيجار في موعده")
        #expect(
            record.textBefore.map { $0.lead + $0.changed + $0.trail }.map { change.hasPrefix("«" + $0.replacingOccurrences(of: "\n", with: " ⏎ ")) }
                == true)
        let structure = try #require(record.structure)
        for file in [structure.expected, structure.actual] {
            #expect(FileManager.default.fileExists(atPath: artifacts + "/" + (file ?? "-")))
        }
        // The first diverging frame is the first of this run to show text that is not the start of the old text.
        let divergence = try #require(record.firstDivergence)
        let text = Array(stream.header.text.unicodeScalars)
        let old = Array(reference.header.text.unicodeScalars)
        let expected = try #require(frames.first { !old.starts(with: text.prefix($0.revealedChars)) })
        #expect(divergence.frame == expected.index && divergence.timeMs == expected.timeMs, "\(divergence)")
        #expect(record.moments.allSatisfy { $0.cause == nil || $0.frame >= divergence.frame })
        // Written again, the same bytes.
        _ = try Self.verify(Self.after, .never, in: folder)
        #expect(try FailureRecord.read(from: artifacts + "/failure.json") == record)

        // A passing run (the change accepted) leaves no record of the earlier failure, nor the run
        // report that showed it; a report written again says there is none.
        let (report, _) = try RunReport.write(artifacts: folder + "/artifacts")
        let (passing, _) = try Self.verify(Self.before, .never, in: folder)
        #expect(passing.failures.isEmpty && passing.notes.contains { $0.hasPrefix("removed the run report") })
        #expect(!FileManager.default.fileExists(atPath: artifacts + "/failure.json") && !FileManager.default.fileExists(atPath: report))
        #expect(try RunReport.collect(in: folder + "/artifacts").entries.isEmpty)
    }

    /// Writes the record of a real failing check (a client that mirrors alignment twice) of `S/t` at line 12.
    static func failingChecks(in artifacts: String) throws -> (findings: [(detector: String, finding: Finding)], failing: [String]) {
        var settings = try SnapshotAssertion.settings(arguments: "--network instant --align-resolution mirrored-twice").get()
        settings.size.height = 300
        let stream = try RenderedStream.of(.text(before), settings: settings, packageRoot: root)
        let failing = try stream.check().detectors.filter { !$0.passed }
        let findings = failing.flatMap { detector in detector.findings.prefix(5).map { (detector: detector.name, finding: $0) } }
        try ChecksRecord.update(
            failing.map { SnapshotFailure("\($0.name) failed") }, findings: findings, timeline: stream.timeline,
            site: checksSite, artifacts: artifacts)
        return (findings, failing.map(\.name))
    }

    static let checksSite = AssertionSite(
        identity: TestIdentity(file: "F", suites: ["S"], function: "t", arguments: []), fileID: #fileID,
        filePath: #filePath, line: 12, column: 1)

    /// A failing check's record: its findings at their frames, the first one marked; a passing run removes it.
    @Test func aFailingCheckWritesItsFindingsAndAPassingOneRemovesThem() throws {
        let folder = NSTemporaryDirectory() + "streamshot-run-report-checks-\(UUID().uuidString)"
        let (findings, failing) = try Self.failingChecks(in: folder)
        #expect(!failing.isEmpty)
        let record = try FailureRecord.read(from: folder + "/F/S/t/checks-line-12/failure.json")
        #expect(record.kind == .checks && record.moments.count == findings.count)
        #expect(record.moments.map(\.frame) == record.moments.map(\.frame).sorted())
        #expect(record.firstDivergence?.frame == findings.map(\.finding.frameIndex).min())
        #expect(record.acceptCommand.hasPrefix("skipping: [\"\(failing[0])\": "))
        let (report, _) = try RunReport.write(artifacts: folder)
        try ChecksRecord.update([], findings: [], timeline: StreamTimeline(), site: Self.checksSite, artifacts: folder)
        #expect(try RunReport.collect(in: folder).entries.isEmpty && !FileManager.default.fileExists(atPath: report))
    }

    static let browserAvailable =
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The report of a real failure in a real browser: every image loads, every link resolves,
    /// nothing from the network, no errors, and the slider moves the divider.
    @Test(.enabled(if: browserAvailable, "Chromium is not installed (apt-get install chromium): the browser test is skipped"))
    func theRunReportOpensInHeadlessChromium() throws {
        let folder = NSTemporaryDirectory() + "streamshot-run-report-browser-\(UUID().uuidString)"
        _ = try Self.verify(Self.before, .all, in: folder)
        _ = try Self.verify(Self.after, .never, in: folder)
        _ = try Self.failingChecks(in: folder + "/artifacts")
        let (path, contents) = try RunReport.write(artifacts: folder + "/artifacts")
        #expect(path == folder + "/artifacts/report.html" && contents.entries.map(\.folder) == ["F/S/t", "F/S/t/checks-line-12"])
        let shown = try BrowserCheck.run(path, screenshot: ProcessInfo.processInfo.environment["STREAMSHOT_REPORT_SCREENSHOT"])
        BrowserCheck.expectWorking(shown)
        #expect(shown["assertions"] as? Int == 2)
        #expect((shown["differingTicks"] as? Int ?? 0) >= 2 && shown["divergences"] as? Int == 2)
        let text = shown["text"] as? String ?? ""
        #expect(text.contains("STREAMSHOT_RECORD=failed swift test --filter 'S/t'") && text.contains("First diverging frame: frame "))
        #expect(text.contains("الإيجار في موعده"))
    }
}

/// Runs scripts/check_run_report.py on a page and judges what it found.
enum BrowserCheck {
    static func run(_ report: String, screenshot: String? = nil) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [RunReportTests.root + "/scripts/check_run_report.py", report] + (screenshot.map { [$0] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Every image loaded, every link resolves, nothing external, no errors, a working slider.
    static func expectWorking(_ shown: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let images = shown["images"] as? [[String: Any]] ?? []
        #expect(!images.isEmpty, sourceLocation: sourceLocation)
        #expect((shown["brokenImages"] as? [String])?.isEmpty == true, "\(shown["brokenImages"] ?? "no answer")", sourceLocation: sourceLocation)
        #expect((shown["brokenLinks"] as? [String])?.isEmpty == true, "\(shown["brokenLinks"] ?? "no answer")", sourceLocation: sourceLocation)
        #expect((shown["external"] as? [String])?.isEmpty == true, "\(shown["external"] ?? "no answer")", sourceLocation: sourceLocation)
        #expect((shown["errors"] as? [String])?.isEmpty == true, "\(shown["errors"] ?? "no answer")", sourceLocation: sourceLocation)
        let slider = shown["slider"] as? [String: String]
        #expect(
            slider?["before"] == "inset(0px 0px 0px 50%)" && slider?["after"] == "inset(0px 0px 0px 20%)", "\(String(describing: slider))",
            sourceLocation: sourceLocation)
    }
}
