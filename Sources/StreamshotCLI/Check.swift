import ArgumentParser
import Foundation
import Streamshot
import StreamshotAnalysis

extension StreamshotCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Run the detectors (direction flips, layout shift, reveal cadence, line height, alignment, drawn text, scroll hijack, lost text, "
                + "silent endings, hung streams, content direction, scroll jumps, the caret in view, split words, overlap, raw syntax, table columns, "
                + "contrast) over a render and list its " + "warnings; exit 1 when a rule fails (or, with --strict, on a warning).")

        @Argument(help: "A render folder (with manifest.json), or a manifest.json.")
        var renderDirectory: String

        @Flag(help: "Print the report as JSON.")
        var json = false

        @Option(
            help: ArgumentHelp(
                "Also write the verdict as JUnit XML: a test case per detector, a failure with its frames and words.",
                valueName: "file"))
        var junit: String?

        @Flag(help: "Fail when the render has warnings (a trace field ignored, an event skipped as malformed); they are listed either way.")
        var strict = false

        @Option(name: .customLong("position-tolerance"), parsing: .unconditional, help: "Pixels a line may move before it counts as moved.")
        var positionTolerance: Double = CheckThresholds().positionTolerancePx

        @Option(name: .customLong("max-layout-shift"), parsing: .unconditional, help: "Largest cumulative layout shift allowed.")
        var maxLayoutShift: Double = CheckThresholds().maxLayoutShift

        @Option(name: .customLong("stall-ms"), parsing: .unconditional, help: "A reveal pause at least this long, with text waiting, is a stall.")
        var stallMs: Double = CheckThresholds().stallMs

        @Option(name: .customLong("burst-chars"), parsing: .unconditional, help: "More characters than this revealed in one frame is a burst.")
        var burstChars: Int = CheckThresholds().burstChars

        @Option(
            name: .customLong("pitch-tolerance"), parsing: .unconditional,
            help: "Allowed pixels between an Arabic line pitch and 1.8 x the font size.")
        var pitchTolerance: Double = CheckThresholds().pitchTolerancePx

        @Option(
            name: .customLong("hung-ms"), parsing: .unconditional,
            help: "How long a stream may look like it is streaming with nothing arriving, when the client has no timeout.")
        var hungMs: Double = CheckThresholds().hungMs

        @Option(
            name: .customLong("caret-hidden-ms"), parsing: .unconditional,
            help: "How long the caret may stay below the screen while the view is the client's to move.")
        var caretHiddenMs: Double = CheckThresholds().caretHiddenMs

        /// A note naming the frame files the folder lacks (contrast is judged on the PNGs that are
        /// there), or nil when every one is there.
        static func missingFrames(_ manifest: ManifestFile, folder: String) throws -> String? {
            let files = try manifest.frameFiles()
            let missing = files.filter { !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }.sorted()
            guard let first = missing.first else { return nil }
            return "note: \(missing.count) of the \(files.count) frame files are missing (the first, \(first)): contrast was not judged on "
                + "them (a render made with --no-frames has none)"
        }

        func validate() throws {
            try OptionRange.require(positionTolerance, in: 0...10_000, option: "--position-tolerance", unit: " pixels")
            try OptionRange.require(maxLayoutShift, in: 0...1_000, option: "--max-layout-shift")
            try OptionRange.require(stallMs, in: 1...86_400_000, option: "--stall-ms", unit: " milliseconds")
            try OptionRange.require(burstChars, in: 1...10_000_000, option: "--burst-chars")
            try OptionRange.require(pitchTolerance, in: 0...10_000, option: "--pitch-tolerance", unit: " pixels")
            try OptionRange.require(hungMs, in: 1...86_400_000, option: "--hung-ms", unit: " milliseconds")
            try OptionRange.require(caretHiddenMs, in: 1...86_400_000, option: "--caret-hidden-ms", unit: " milliseconds")
        }

        func run() throws {
            try run(github: GitHubActions())
        }

        /// The check, with GitHub Actions' annotations and summary when `github` is given.
        func run(github: GitHubActions?) throws {
            // A folder is a render folder whatever its name (a render of `answer.json` may be in `out/answer.json`).
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: renderDirectory, isDirectory: &isDirectory) && isDirectory.boolValue
            let path = isFolder ? (renderDirectory as NSString).appendingPathComponent("manifest.json") : renderDirectory
            // Read a frame at a time: a 20,000-frame render is judged in the memory of one frame.
            let manifest = try ManifestFile(path: path)
            var thresholds = CheckThresholds()
            thresholds.positionTolerancePx = positionTolerance
            thresholds.maxLayoutShift = maxLayoutShift
            thresholds.stallMs = stallMs
            thresholds.burstChars = burstChars
            thresholds.pitchTolerancePx = pitchTolerance
            thresholds.hungMs = hungMs
            thresholds.caretHiddenMs = caretHiddenMs
            let folder = (path as NSString).deletingLastPathComponent
            let report = try Detector.check(manifest, thresholds: thresholds, strict: strict, pixels: .directory(folder))
            print(json ? CheckReportText.json(report) : CheckReportText.readable(report, manifestPath: path))
            try CIReports.writeJUnit(JUnitDocument(name: "streamshot check", suites: [report.junitSuite(name: renderDirectory)]), to: junit)
            CIReports.github(
                github, annotate: { report.annotate($0, render: renderDirectory) },
                summary: { report.summaryMarkdown(render: renderDirectory) })
            if let note = try Self.missingFrames(manifest, folder: folder) { FileHandle.standardError.write(Data((note + "\n").utf8)) }
            if !report.passed { throw ExitCode(1) }
        }
    }
}
