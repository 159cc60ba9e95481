import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A render's warnings are listed by `check`; `--strict` fails on them, and only on them (not on
/// counted `skipped` events).
@Suite struct StrictCheckTests {
    /// A trace with a field its client got wrong: a warning, and the rest of the trace goes on.
    static func warnedRender() throws -> Manifest {
        let path = Fixtures.temporaryDirectory("strict") + "/bad-field.jsonl"
        try Data(
            """
            {"t": 0, "type": "start", "version": 1, "platform": "react-native", "layoutDirection": "rtl", "viewport": {"width": 390, "height": 300, "scale": 1}, "fontSize": 17}
            {"t": 0, "type": "style", "direction": "rtl", "textAlign": "auto", "lineHeight": 1.8}
            {"t": 100, "type": "style", "direction": "sideways"}
            {"t": 350, "type": "show", "append": "يلتزم "}
            {"t": 410, "type": "show", "append": "المستأجر "}
            {"t": 470, "type": "show", "append": "بدفع "}
            {"t": 530, "type": "show", "append": "الأجرة "}
            {"t": 590, "type": "show", "append": "في "}
            {"t": 650, "type": "show", "append": "موعدها."}
            {"t": 710, "type": "end", "kind": "done"}

            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        var options = RenderOptions()
        options.encodesFrames = false
        return try RenderJob(input: .file(path), options: options, fontsDirectory: Fixtures.fontsDirectory).render { _, _ in }
    }

    @Test func warningsAreListedAndFailOnlyWhenStrict() throws {
        let manifest = try Self.warnedRender()
        let warning = try #require(manifest.warnings.first)
        #expect(manifest.warnings.count == 1)
        let lenient = Detector.check(manifest)
        #expect(lenient.passed && lenient.warnings == manifest.warnings)
        let text = CheckReportText.readable(lenient, manifestPath: "m.json")
        #expect(text.hasPrefix("streamshot check m.json: PASS"))
        #expect(
            text.contains("  note warnings: 1 from the render (--strict makes them fail the check)\n         bad-event (100 ms): \(warning.message)"))
        let strict = Detector.check(manifest, strict: true)
        #expect(!strict.passed && strict.detectors.allSatisfy(\.passed))
        #expect(
            CheckReportText.readable(strict, manifestPath: "m.json").contains("  FAIL warnings: 1 from the render (--strict: they fail the check)"))
        #expect(CheckReportText.json(strict).contains("\"warnings\""))
    }

    /// Skipped events (tool calls, usage) are counted, not warned about: strict passes them.
    @Test func skippedEventsAreNotWarnings() throws {
        var manifest = try Self.warnedRender()
        manifest.warnings = []
        manifest.skipped = ["usage": 2, "tool-call": 1]
        #expect(Detector.check(manifest, strict: true).passed)
        #expect(!CheckReportText.readable(Detector.check(manifest, strict: true), manifestPath: "m").contains("warnings"))
    }
}
