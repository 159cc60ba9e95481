import Foundation

/// A self-contained review page: no server, frames referenced by relative path (never inlined),
/// a scrubber and real-speed playback, the timeline plot, each frame's numbers, warnings and
/// findings linked to their frames, and expected/actual/diff views of failed golden tests.
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
            return GoldenFailure(name: stem, expected: directory + "/" + stem + ".expected.png", actual: directory + "/" + actual,
                                 diff: files.contains(diff) ? directory + "/" + diff : nil)
        }
    }

    /// - Parameters:
    ///   - timelinePath: the timeline plot, relative to the report (or absolute).
    /// - Returns: the page.
    public static func html(_ manifest: Manifest, title: String, report: CheckReport, timelinePath: String,
                            goldenFailures: [GoldenFailure] = []) -> String {
        let frames = manifest.frames.map { frame -> String in
            let blocks = frame.blocks.map { "\($0.id) \($0.kind) \($0.direction) \($0.align) α\(JSONText.number($0.opacity, places: 2))" }
            let cost = frame.costMs.map { JSONText.number($0.values.reduce(0, +)) } ?? "null"
            return JSONText.array([String(frame.index), JSONText.number(frame.timeMs), JSONText.string(frame.file),
                                   String(frame.revealedChars), String(frame.bufferedChars),
                                   JSONText.string(frame.direction ?? "undecided"), JSONText.string(blocks.joined(separator: "; ")), cost])
        }
        let findings = report.findings.map { finding in
            "<li><a href=\"#\" data-frame=\"\(finding.frameIndex)\">frame \(finding.frameIndex) (\(Int(finding.timeMs)) ms)</a> <b>\(escape(finding.detector))</b>: \(escape(finding.message))</li>"
        }
        let warnings = manifest.warnings.map { warning -> String in
            let frame = manifest.frames.first { $0.timeMs >= (warning.timeMs ?? 0) - 0.01 }?.index ?? 0
            return "<li><a href=\"#\" data-frame=\"\(frame)\">frame \(frame)</a> <b>\(escape(warning.kind))</b>: \(escape(warning.message))</li>"
        }
        let goldens = goldenFailures.map { failure in
            """
            <div class="golden"><h3>\(escape(failure.name))</h3>
            <div class="slider"><img src="\(escape(failure.expected))" alt="expected"><div class="over"><img src="\(escape(failure.actual))" alt="actual"></div></div>
            <input type="range" min="0" max="100" value="50" class="reveal"> <span>← expected · actual →</span>
            \(failure.diff.map { "<img class=\"diff\" src=\"\(escape($0))\" alt=\"diff\">" } ?? "")</div>
            """
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        .player { display: flex; gap: 24px; align-items: flex-start; }
        #frame { height: 80vh; border: 1px solid #c7c7cc; background: #fff; }
        #info { white-space: pre-wrap; font-family: ui-monospace, monospace; background: #fff; padding: 12px; min-width: 360px; }
        #scrub { width: 100%; } .controls { margin: 12px 0; display: flex; gap: 12px; align-items: center; }
        .timeline { max-width: 100%; border: 1px solid #c7c7cc; } .fail { color: #d70015; } .pass { color: #248a3d; }
        .slider { position: relative; display: inline-block; } .slider img { display: block; height: 60vh; }
        .slider .over { position: absolute; top: 0; left: 0; bottom: 0; width: 50%; overflow: hidden; border-right: 2px solid #d70015; }
        .golden .diff { height: 60vh; margin-left: 16px; }
        </style></head><body>
        <h1>\(escape(title))</h1>
        <p>\(manifest.frames.count) frames at \(JSONText.number(manifest.fps)) fps · direction \(escape(manifest.direction ?? "none")) ·
        pacing \(escape(manifest.options["pacing"] ?? "?")) · check <span class="\(report.passed ? "pass" : "fail")">\(report.passed ? "passes" : "FAILS")</span></p>
        <div class="controls"><button id="play">Play</button><span id="time"></span></div>
        <input id="scrub" type="range" min="0" max="\(max(0, manifest.frames.count - 1))" value="0">
        <div class="player"><img id="frame" alt="frame"><div id="info"></div></div>
        <h2>Timeline</h2><img class="timeline" src="\(escape(timelinePath))" alt="timeline">
        <h2>Findings (\(report.findings.count))</h2><ul id="findings">\(findings.joined(separator: "\n"))</ul>
        <h2>Warnings (\(manifest.warnings.count))</h2><ul id="warnings">\(warnings.joined(separator: "\n"))</ul>
        \(goldens.isEmpty ? "" : "<h2>Failed golden images (\(goldens.count))</h2>" + goldens.joined(separator: "\n"))
        <script>
        const FRAMES = [
        \(frames.joined(separator: ",\n"))
        ];
        const img = document.getElementById("frame"), scrub = document.getElementById("scrub"), info = document.getElementById("info");
        const time = document.getElementById("time"), play = document.getElementById("play");
        let current = 0, timer = null;
        function show(i) {
          current = Math.max(0, Math.min(FRAMES.length - 1, i));
          const [index, t, file, revealed, buffered, direction, blocks, cost] = FRAMES[current];
          img.src = file; scrub.value = current;
          time.textContent = `frame ${index} · ${(t / 1000).toFixed(3)} s`;
          info.textContent = `frame ${index}\\ntime ${t} ms\\ndirection ${direction}\\nrevealed ${revealed} · buffered ${buffered}` +
            (cost === null ? "" : `\\ncost ${cost} ms`) + `\\nblocks (id kind direction align opacity):\\n  ${blocks.split("; ").join("\\n  ")}`;
          if (current + 1 < FRAMES.length) { new Image().src = FRAMES[current + 1][2]; }
        }
        function step() {
          if (current + 1 >= FRAMES.length) { stop(); return; }
          const wait = FRAMES[current + 1][1] - FRAMES[current][1];
          show(current + 1); timer = setTimeout(step, wait);
        }
        function stop() { clearTimeout(timer); timer = null; play.textContent = "Play"; }
        play.onclick = () => { if (timer) { stop(); } else { if (current + 1 >= FRAMES.length) show(0); play.textContent = "Pause"; step(); } };
        scrub.oninput = () => { stop(); show(Number(scrub.value)); };
        document.querySelectorAll("a[data-frame]").forEach(a => a.onclick = e => { e.preventDefault(); stop(); show(Number(a.dataset.frame)); window.scrollTo(0, 0); });
        document.querySelectorAll(".golden").forEach(g => { const r = g.querySelector(".reveal"), o = g.querySelector(".over");
          r.oninput = () => { o.style.width = r.value + "%"; }; });
        show(0);
        </script></body></html>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
