import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotTrace
import Testing

/// The Swift trace recorder end to end: what it writes, Streamshot reads, renders and judges.
@Suite struct TraceRecorderTests {
    /// A clock a test moves by hand.
    final class ManualClock: @unchecked Sendable {
        var ms = 0.0
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A client following shared/seeds/000: direction and 1.8x pitch before the first token, whole words.
    private func record(lineHeight: Double) -> String {
        let clock = ManualClock()
        let trace = TraceRecorder(platform: .reactNative, layoutDirection: "rtl", viewport: (390, 600, 1), fontSize: 17,
                                  clock: { clock.ms })
        trace.overlay("typing-indicator", visible: true)
        trace.style(direction: "rtl", textAlign: "auto", lineHeight: lineHeight)
        clock.ms = 400
        trace.overlay("typing-indicator", visible: false)
        for word in "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027.\n\nويتجدد \"تلقائيًا\".".split(separator: " ", omittingEmptySubsequences: false) {
            trace.show(append: word + " ")
            clock.ms += 60
        }
        trace.end()
        return trace.jsonLines
    }

    @Test func itWritesTheTraceFormat() {
        let lines = record(lineHeight: 1.8).split(separator: "\n")
        #expect(lines.first == #"{"t":0,"type":"start","version":1,"platform":"react-native","layoutDirection":"rtl","viewport":{"width":390,"height":600,"scale":1},"fontSize":17}"#)
        #expect(lines[2] == #"{"t":0,"type":"style","direction":"rtl","textAlign":"auto","lineHeight":1.8}"#)
        #expect(lines.contains(#"{"t":1360,"type":"show","append":"\"تلقائيًا\". "}"#))
        #expect(lines.last?.hasSuffix(#""type":"end","kind":"done"}"#) == true)
    }

    /// An app that shows the answer's text as it came says so in its start record, and the
    /// render draws `**` and `## ` as the app did (one block of raw text).
    @Test func anAppThatRendersNoMarkdownSaysSo() throws {
        let trace = TraceRecorder(platform: .swiftUI, rendersMarkdown: false, clock: { 0 })
        trace.show(append: "## Notice\n\n**60 days**")
        trace.end()
        #expect(trace.jsonLines.split(separator: "\n").first == #"{"t":0,"type":"start","version":1,"platform":"swiftui","layoutDirection":"ltr","markdown":"none"}"#)
        let transcript = try ClientTraceReader.transcript(bytes: Array(trace.jsonLines.utf8))
        #expect(transcript.clientTrace?.start.markdown == MarkdownRendering.none)
    }

    /// Recorded, rendered, checked: the good client passes; the same client at 1.5x is caught.
    @Test(arguments: [(1.8, true), (1.5, false)])
    func whatItRecordsRendersAndIsJudged(lineHeight: Double, passes: Bool) throws {
        let path = NSTemporaryDirectory() + "streamshot-trace-\(UUID().uuidString).jsonl"
        try Data(record(lineHeight: lineHeight).utf8).write(to: URL(fileURLWithPath: path))
        let job = RenderJob(input: .file(path), fontsDirectory: Self.root + "/Fonts")
        let result = try job.render(to: NSTemporaryDirectory() + "streamshot-trace-render-\(UUID().uuidString)", writeFrames: false)
        #expect(result.manifest.warnings.isEmpty)
        #expect(result.manifest.options["client"] == "trace")
        let report = Detector.check(result.manifest)
        #expect(report.passed == passes)
        #expect(report.detectors.filter { !$0.passed }.map(\.name) == (passes ? [] : ["line-height"]))
    }

    /// The TypeScript emitter (Emitters/typescript), compiled with Debian's tsc and run with
    /// node: its trace renders and passes `check`, byte for byte what the Swift recorder writes
    /// for the same calls.
    @Test(.enabled(if: TypeScriptTools.available, "needs node and tsc: apt-get install nodejs node-typescript (scripts/setup.sh does)"))
    func theTypeScriptEmitterWritesTheSameTrace() throws {
        let out = NSTemporaryDirectory() + "streamshot-ts-\(UUID().uuidString)"
        let emitters = Self.root + "/Emitters/typescript"
        try TypeScriptTools.run("tsc", ["--strict", "--target", "es2020", "--module", "commonjs", "--outDir", out,
                                        emitters + "/example.ts", emitters + "/streamshot-trace.ts"])
        let tracePath = out + "/trace.jsonl"
        try TypeScriptTools.run("node", [out + "/example.js", tracePath])
        let written = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(written == record(lineHeight: 1.8))
        let result = try RenderJob(input: .file(tracePath), fontsDirectory: Self.root + "/Fonts").render(to: out + "/render", writeFrames: false)
        #expect(Detector.check(result.manifest).passed)
    }
}

/// Node.js and the TypeScript compiler, as Debian packages them.
enum TypeScriptTools {
    static let available = ["node", "tsc"].allSatisfy { path(of: $0) != nil }

    static func path(of tool: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` and fails with its output when it does not exit 0.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path(of: tool)))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")): \(text)")
    }
}
