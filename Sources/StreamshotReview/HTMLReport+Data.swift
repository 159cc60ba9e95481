import Foundation
import Streamshot
import StreamshotAnalysis

/// The report's data: the frames as a JavaScript array, findings and warnings linked to their
/// frames, and failed golden images.
extension HTMLReport {
    /// One row per frame, as the script reads it:
    /// `[index, timeMs, file, revealed, buffered, direction, blocks, costMs or null]`.
    static func framesArray(_ frames: [Frame]) -> String {
        let rows = frames.map { frame -> String in
            let blocks = frame.blocks.map { block in
                "\(block.id) \(block.kind.rawValue) \(block.direction.rawValue) \(block.align.rawValue) α"
                    + JSLiteral.number(block.opacity, places: 2)
            }
            let cost = frame.costMs.map { JSLiteral.number($0.values.reduce(0, +)) } ?? "null"
            let fields = [
                String(frame.index), JSLiteral.number(frame.timeMs), JSLiteral.string(frame.file),
                String(frame.revealedChars), String(frame.bufferedChars),
                JSLiteral.string(frame.direction?.rawValue ?? "undecided"),
                JSLiteral.string(blocks.joined(separator: "; ")), cost
            ]
            return "[" + fields.joined(separator: ",") + "]"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]"
    }

    /// Each finding as a list item whose link shows its frame.
    static func findingItems(_ findings: [Finding]) -> String {
        findings.map { finding in
            "<li>\(frameLink(finding.frameIndex, label: "frame \(finding.frameIndex) (\(Int(finding.timeMs)) ms)")) "
                + "<b>\(escape(finding.detector))</b>: \(escape(finding.message))</li>"
        }.joined(separator: "\n")
    }

    /// Each warning linked to the first frame at or after its time.
    static func warningItems(_ manifest: Manifest) -> String {
        manifest.warnings.map { warning in
            let frame = manifest.frames.first { $0.timeMs >= (warning.timeMs ?? 0) - 0.01 }?.index ?? 0
            return "<li>\(frameLink(frame, label: "frame \(frame)")) <b>\(escape(warning.kind.rawValue))</b>: \(escape(warning.message))</li>"
        }.joined(separator: "\n")
    }

    /// A link the script turns into "show this frame".
    static func frameLink(_ index: Int, label: String) -> String {
        "<a href=\"#frame=\(index)\" data-frame=\"\(index)\">\(escape(label))</a>"
    }

    /// Expected under actual with a slider between them, and the diff beside; empty when none failed.
    static func goldenSection(_ failures: [GoldenFailure]) -> String {
        guard !failures.isEmpty else { return "" }
        let goldens = failures.map { failure in
            """
            <div class="golden"><h3>\(escape(failure.name))</h3>
            <div class="slider"><img src="\(escape(failure.expected))" alt="expected">\
            <div class="over"><img src="\(escape(failure.actual))" alt="actual"></div></div>
            <input type="range" min="0" max="100" value="50" class="reveal"> <span>← expected · actual →</span>
            \(failure.diff.map { "<img class=\"diff\" src=\"\(escape($0))\" alt=\"diff\">" } ?? "")</div>
            """
        }
        return "<h2>Failed golden images (\(goldens.count))</h2>" + goldens.joined(separator: "\n")
    }
}

/// JavaScript literals for the data the page's script reads.
enum JSLiteral {
    /// A double-quoted string that cannot close the `<script>` element it sits in.
    static func string(_ value: String) -> String { JSONText.string(value, forScript: true) }

    /// A number with at most `places` decimals and no trailing zeros; `null` when not finite.
    static func number(_ value: Double, places: Int = 2) -> String { JSONText.number(value, places: places) }
}
