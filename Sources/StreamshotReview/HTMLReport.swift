import Foundation
public import Streamshot
public import StreamshotAnalysis

/// A self-contained review page: no server, frames referenced by relative path (never inlined),
/// a scrubber and real-speed playback, the timeline plot, each frame's numbers, warnings and
/// findings linked to their frames, and expected/actual/diff views of failed golden tests.
///
/// The page is put together here; its data is in `HTMLReport+Data.swift`, its look in
/// `HTMLReport+Style.swift` and its behaviour in `HTMLReport+Script.swift`.
public enum HTMLReport {
    /// A failed golden's images, as the testing library writes them.
    public struct GoldenFailure: Sendable {
        public var name: String
        public var expected: String
        public var actual: String
        public var diff: String?
    }

    /// Finds `*.expected.png` / `*.actual.png` / `*.diff.png` trios under `directory`.
    public static func goldenFailures(in directory: String) -> [GoldenFailure] {
        guard let files = FileManager.default.enumerator(atPath: directory)?.compactMap({ $0 as? String }) else { return [] }
        return files.filter { $0.hasSuffix(".actual.png") }.sorted().map { actual in
            let stem = String(actual.dropLast(".actual.png".count))
            let diff = stem + ".diff.png"
            return GoldenFailure(
                name: stem, expected: directory + "/" + stem + ".expected.png", actual: directory + "/" + actual,
                diff: files.contains(diff) ? directory + "/" + diff : nil)
        }
    }

    /// - Parameters:
    ///   - manifest: the render's manifest; its frames are referenced by their relative paths.
    ///   - title: the page's title and heading.
    ///   - report: what `check` found, linked to frames.
    ///   - timelinePath: the timeline plot, relative to the report (or absolute).
    ///   - goldenFailures: failed golden images to show as expected/actual sliders with their diff.
    /// - Returns: the page.
    public static func html(
        _ manifest: Manifest, title: String, report: CheckReport, timelinePath: String,
        goldenFailures: [GoldenFailure] = []
    ) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        \(style)</style></head><body>
        <h1>\(escape(title))</h1>
        \(summary(manifest, report: report))
        \(player(frameCount: manifest.frames.count))
        <h2>Timeline</h2><img class="timeline" src="\(escape(timelinePath))" alt="timeline">
        <h2>Findings (\(report.findings.count))</h2><ul id="findings">\(findingItems(report.findings))</ul>
        <h2>Warnings (\(manifest.warnings.count))</h2><ul id="warnings">\(warningItems(manifest))</ul>
        \(goldenSection(goldenFailures))
        <script>
        const FRAMES = \(framesArray(manifest.frames));
        \(script)</script></body></html>

        """
    }

    /// One line: frames, direction, whose decisions and whether `check` passes.
    static func summary(_ manifest: Manifest, report: CheckReport) -> String {
        let direction = escape(manifest.direction?.rawValue ?? "none")
        let client = escape(manifest.clientSummary)
        let verdict = "<span class=\"\(report.passed ? "pass" : "fail")\">\(report.passed ? "passes" : "FAILS")</span>"
        return """
            <p>\(manifest.frames.count) frames at \(JSLiteral.number(manifest.fps)) fps · direction \(direction) ·
            \(client) · check \(verdict)</p>
            """
    }

    /// Play/pause, the frame's time, the scrubber, the frame and its numbers.
    static func player(frameCount: Int) -> String {
        """
        <div class="controls"><button id="play">Play</button><span id="time"></span></div>
        <input id="scrub" type="range" min="0" max="\(max(0, frameCount - 1))" value="0">
        <div class="player"><img id="frame" alt="frame"><div id="info"></div></div>
        """
    }

    /// Text for HTML content and double-quoted attributes.
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
