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
        let trace = TraceRecorder(
            platform: .reactNative, layoutDirection: "rtl", viewport: (390, 600, 1), fontSize: 17,
            clock: { clock.ms })
        trace.overlay("typing-indicator", visible: true)
        trace.style(direction: "rtl", textAlign: "auto", lineHeight: lineHeight)
        clock.ms = 400
        trace.overlay("typing-indicator", visible: false)
        for word in "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027.\n\nويتجدد \"تلقائيًا\".".split(
            separator: " ", omittingEmptySubsequences: false)
        {
            trace.show(append: word + " ")
            clock.ms += 60
        }
        trace.end()
        return trace.jsonLines
    }

    @Test func itWritesTheTraceFormat() {
        let lines = record(lineHeight: 1.8).split(separator: "\n")
        #expect(
            lines.first
                == #"{"t":0,"type":"start","version":1,"platform":"react-native","layoutDirection":"rtl","viewport":{"width":390,"height":600,"scale":1},"fontSize":17}"#
        )
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
        #expect(
            trace.jsonLines.split(separator: "\n").first
                == #"{"t":0,"type":"start","version":1,"platform":"swiftui","layoutDirection":"ltr","markdown":"none"}"#)
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
        #expect(result.header.warnings.isEmpty)
        #expect(result.header.options.replaysTrace)
        let report = Detector.check(try result.manifest)
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
        try TypeScriptTools.run(
            "tsc",
            [
                "--strict", "--target", "es2020", "--module", "commonjs", "--outDir", out,
                emitters + "/example.ts", emitters + "/streamshot-trace.ts"
            ])
        let tracePath = out + "/trace.jsonl"
        try TypeScriptTools.run("node", [out + "/example.js", tracePath])
        let written = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(written == record(lineHeight: 1.8))
        let result = try RenderJob(input: .file(tracePath), fontsDirectory: Self.root + "/Fonts").render(to: out + "/render", writeFrames: false)
        #expect(try Detector.check(result.manifest).passed)
    }

    /// The Android emitter (Emitters/android, Kotlin 1.3), compiled with Debian's kotlinc and run
    /// on the JDK: its trace renders and passes `check`, byte for byte what the Swift and
    /// TypeScript emitters write for the same calls.
    @Test(.enabled(if: KotlinTools.available, KotlinTools.skipReason))
    func theAndroidEmitterWritesTheSameTrace() throws {
        let out = NSTemporaryDirectory() + "streamshot-kotlin-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let tracePath = out + "/trace.jsonl"
        try KotlinTools.runExample("Example", [tracePath])
        let written = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(written == record(lineHeight: 1.8))
        let result = try RenderJob(input: .file(tracePath), fontsDirectory: Self.root + "/Fonts").render(to: out + "/render", writeFrames: false)
        #expect(result.header.warnings.isEmpty)
        #expect(try Detector.check(result.manifest).passed)
        // The same client at 1.5x is caught: the trace carries what the Kotlin code was given.
        try KotlinTools.runExample("Example", [tracePath, "1.5"])
        let cramped = try RenderJob(input: .file(tracePath), fontsDirectory: Self.root + "/Fonts").render(to: out + "/render-1.5", writeFrames: false)
        #expect(try Detector.check(cramped.manifest).detectors.filter { !$0.passed }.map(\.name) == ["line-height"])
    }

    /// The calls whose bytes are easiest to get different — numbers JSON.stringify writes in
    /// exponent form or with 17 digits, -0, control characters, U+2028, emoji, Arabic — give the
    /// same bytes from all three emitters (typescript/edge-cases.ts, android/EdgeCases.kt).
    @Test func theEmittersEncodeNumbersAndTextAlike() throws {
        let clock = ManualClock()
        clock.ms = 0.0004
        let trace = TraceRecorder(
            platform: .flutter, layoutDirection: "ltr", fontSize: 16.5, rendersMarkdown: false, readsFootnotes: false,
            detailsAlwaysOpen: true, clock: { clock.ms })
        clock.ms = 1234.5678
        trace.style(textAlign: "start", lineHeight: 1.0 / 3, block: 2)
        for offset in [0.1 + 0.2, 1e-7, 0.000015, 2.5e15, 4e15 + 0.5, 1e21, 1.7976931348623157e308, -0.5, -0.0, Double.leastNonzeroMagnitude] {
            trace.scroll(offset: offset)
            clock.ms += 0.0005
        }
        trace.overlay("error", visible: true, text: "\u{8}\u{C}\u{1}\u{1F}\u{7F}\u{2028} \"quoted\" \\ é 😀 مرحبا\r\n\t")
        trace.show(text: "## عنوان\n\n**1** — <b>&amp;</b>")
        trace.end("error")
        let swift = trace.jsonLines
        // What JSON.stringify writes, whichever toolchains are here.
        let lines = swift.split(separator: "\n")
        #expect(
            lines[0]
                == #"{"t":0,"type":"start","version":1,"platform":"flutter","layoutDirection":"ltr","fontSize":16.5,"markdown":"none","footnotes":false,"detailsOpen":true}"#
        )
        #expect(lines[1] == #"{"t":1234.568,"type":"style","textAlign":"start","lineHeight":0.3333333333333333,"block":2}"#)
        #expect(
            lines[2...11].map { $0.split(separator: ":").last! } == [
                "0.30000000000000004}", "1e-7}", "0.000015}", "2500000000000000}",
                "4000000000000000.5}", "1e+21}", "1.7976931348623157e+308}", "-0.5}", "0}", "5e-324}"
            ])
        // The reader takes the app's Markdown reading from it.
        let start = try #require(try ClientTraceReader.transcript(bytes: Array(swift.utf8)).clientTrace?.start)
        #expect(start.footnotes == false && start.detailsAlwaysOpen == true)
        #expect(lines[12].contains(#""text":"\b\f\u0001\u001f\#u{7F}\#u{2028} \"quoted\" \\ é 😀 مرحبا\r\n\t"}"#))

        let out = NSTemporaryDirectory() + "streamshot-edge-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        if TypeScriptTools.available {
            let emitters = Self.root + "/Emitters/typescript"
            try TypeScriptTools.run(
                "tsc",
                [
                    "--strict", "--target", "es2020", "--module", "commonjs", "--outDir", out,
                    emitters + "/edge-cases.ts", emitters + "/streamshot-trace.ts"
                ])
            try TypeScriptTools.run("node", [out + "/edge-cases.js", out + "/ts.jsonl"])
            #expect(try String(contentsOfFile: out + "/ts.jsonl", encoding: .utf8) == swift, "TypeScript")
        }
        if KotlinTools.available {
            try KotlinTools.runExample("EdgeCases", [out + "/kotlin.jsonl"])
            #expect(try String(contentsOfFile: out + "/kotlin.jsonl", encoding: .utf8) == swift, "Kotlin")
        }
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
