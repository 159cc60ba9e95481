import ArgumentParser
import Foundation
import Streamshot
import StreamshotReview
import Testing

@testable import StreamshotCLI
@testable import StreamshotTesting

/// `streamshot report`: on the artifacts of real failing snapshots, an empty folder and a missing one.
@Suite struct ReportCommandTests {
    static let root = CommandRunTests.root

    /// An artifacts folder holding the failures of two assertions (`Lease/streams` and
    /// `Lease/streams · dark#1`: a name that needs escaping in a URL) of one edited answer.
    static func failingArtifacts() throws -> String {
        let folder = CommandRunTests.temporaryDirectory("report")
        for name in [nil, "dark#1 <b>"] {
            let identity = TestIdentity(file: "LeaseTests", suites: ["Lease"], function: "streams", arguments: [])
            let references = ReferenceFolder(
                identity: identity, name: name, snapshotsDirectory: folder + "/Snapshots",
                artifactsDirectory: folder + "/artifacts")
            let assertion = AssertionDescription(
                test: "Lease/streams" + (name.map { " · \($0)" } ?? ""), place: "LeaseTests.swift:9",
                acceptCommand: "STREAMSHOT_RECORD=failed swift test --filter 'Lease/streams'")
            let versions = [("# عقد\n\nيلتزم المستأجر بدفع الأجرة.", SnapshotRecordMode.all), ("# عقد\n\nيلتزم المستأجر بدفع الإيجار.", .never)]
            for (text, mode) in versions {
                var settings = RenderSettings.snapshot
                settings.size.height = 240
                if name != nil { settings.theme = .dark }
                let stream = try RenderedStream.of(.text(text), settings: settings, packageRoot: root, keeping: .keyFrames)
                _ = try StreamSnapshot(record: mode, assertion: assertion).verify(stream, folder: references, packageRoot: folder)
            }
        }
        return folder + "/artifacts"
    }

    @Test func reportWritesOnePageListingEveryFailingAssertion() throws {
        let artifacts = try Self.failingArtifacts()
        try StreamshotCommand.Report.parse([artifacts]).run()
        let html = try String(contentsOfFile: artifacts + "/report.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<section class=\"assertion\"").count == 3)
        // Sorted by folder; images by relative path, the name's characters escaped.
        #expect(html.contains("src=\"LeaseTests/Lease/streams/final.expected.png\""))
        #expect(html.contains("src=\"LeaseTests/Lease/streams/dark%231%20_b_/final.actual.png\""))
        #expect(html.contains("Lease/streams · dark#1 &lt;b&gt;") && !html.contains("<b> "))
        #expect(!html.contains("http://") && !html.contains("https://"))
        // The same folder, the same bytes.
        try StreamshotCommand.Report.parse([artifacts]).run()
        #expect(try String(contentsOfFile: artifacts + "/report.html", encoding: .utf8) == html)
    }

    @Test func reportOfAnEmptyFolderSaysSoAndAMissingFolderIsAnError() throws {
        let empty = CommandRunTests.temporaryDirectory("report-empty")
        try StreamshotCommand.Report.parse([empty, "--output", empty + "/out/r.html"]).run()
        let html = try String(contentsOfFile: empty + "/out/r.html", encoding: .utf8)
        #expect(html.contains("No failing golden assertions in"))
        #expect { try StreamshotCommand.Report.parse(["/nonexistent/artifacts"]).run() } throws: {
            "\($0)".contains("/nonexistent/artifacts: no such folder")
        }
        try Data("{\"test\": 1}".utf8).write(to: URL(fileURLWithPath: empty + "/failure.json"))
        let contents = try RunReport.collect(in: empty)
        #expect(contents.entries.isEmpty && contents.unreadable.first?.hasPrefix(empty + "/failure.json: not a Streamshot failure record") == true)
    }

    static let browserAvailable =
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The page written elsewhere (`--output`) in a real browser: every image loads and every link
    /// resolves through `../`, the slider moves, the Copy button answers.
    @Test(.enabled(if: browserAvailable, "Chromium is not installed (apt-get install chromium): the browser test is skipped"))
    func reportWrittenElsewhereOpensInHeadlessChromium() throws {
        let artifacts = try Self.failingArtifacts()
        let page = (artifacts as NSString).deletingLastPathComponent + "/site/run/report.html"
        try StreamshotCommand.Report.parse([artifacts, "--output", page]).run()
        let shown = try Self.check(page)
        #expect(shown["assertions"] as? Int == 2)
        for key in ["brokenImages", "brokenLinks", "external", "errors"] {
            #expect((shown[key] as? [String])?.isEmpty == true, "\(key): \(shown[key] ?? "no answer")")
        }
        let images = shown["images"] as? [[String: Any]] ?? []
        #expect(images.count >= 8 && images.allSatisfy { ($0["src"] as? String)?.hasPrefix("../../artifacts/") == true })
        let links = shown["links"] as? [[String: Any]] ?? []
        #expect(links.contains { ($0["href"] as? String)?.hasSuffix("manifest.txt.expected") == true })
        let slider = shown["slider"] as? [String: String]
        #expect(slider?["before"] != slider?["after"] && slider?["after"]?.contains("20%") == true, "\(String(describing: slider))")
        #expect(["Copied", "Selected: press Ctrl+C"].contains(shown["copy"] as? String ?? ""))
    }

    static func check(_ report: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root + "/scripts/check_run_report.py", report]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}
