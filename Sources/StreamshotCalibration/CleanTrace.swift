import Foundation
public import Streamshot

/// A clean render as a client trace: what the reference's display buffer released, frame by
/// frame (`show` … `append`), its direction and Arabic pitch (`style`), and how it ended (`end`).
/// Rendered as a trace it passes `check` as the render did; `FaultPlanter` breaks one thing in it.
public struct CleanTrace: Sendable {
    /// One trace record, as JSON Lines writes it.
    public typealias Record = [String: any Sendable]

    public var records: [Record]
    /// The answer's direction: what a `style` record set.
    public var direction: String
    /// Whether the answer has Arabic letters: Arabic's 1.8 line height is a rule only they follow
    /// (a Hebrew answer reads right to left at the pitch of any other text).
    public var arabic: Bool
    /// When the reference's view had first scrolled down half a screen (nil: the answer never
    /// grew that tall): a snap of the view can be planted from then on.
    public var scrolledFromMs: Double?
    /// When a table's column first changed its width by more than 2 pt, in a table one of whose
    /// columns narrows later (nil: no table, or none whose columns ever did): a client that
    /// measures every cell again as it comes jumps there (widening as rows arrive, then sharing
    /// the width out anew), so its way with columns can be planted from then on.
    public var columnsChangeFromMs: Double?
    /// Whether a block of running text (not a table, not code) wraps onto a third line: where a
    /// word broken across lines shows (on a tablet a short answer's paragraphs may each fit one
    /// line; a paragraph of two may break at a space by chance, as the obligations answer's does).
    public var wrapsText: Bool
    /// Where a view that follows the answer's end stands, in points, from each time it moved
    /// (empty until `onDevice` measured it on a device): a view that stops following stops there.
    public var followedScrollPt: [(timeMs: Double, offsetPt: Double)] = []
    /// The last time a view following the end still had half a screen to go (nil until
    /// `onDevice` measured it, or when the answer never grew that much past the view): a view
    /// that stops following by then leaves text written below the screen.
    public var followingLeftHalfAScreenMs: Double?
    /// The stream the reference rendered (a fault of the stream, not of the client, is planted there).
    public var transcript: Transcript

    /// The reference's render of `input` over 3g (seed 4), as a trace.
    /// - Throws: `InputError` for an input that does not read.
    public init(input: String, fontsDirectory: String?) throws {
        var settings = try RenderSettings(arguments: ["--network", "3g", "--seed", "4"])
        settings.fonts = fontsDirectory
        var job = try settings.job(input: .file(input))
        job.options.encodesFrames = false
        transcript = try job.transcript()
        job.input = .transcript(transcript)
        let manifest = try job.render { _, _ in }
        let text = Array(manifest.text.unicodeScalars)
        scrolledFromMs = Self.scrolledHalfAScreen(manifest)
        columnsChangeFromMs = Self.firstColumnChange(manifest)
        wrapsText = Self.wrapsText(manifest)
        direction = manifest.direction?.rawValue ?? "ltr"
        arabic = text.contains { (0x0600...0x06FF).contains($0.value) || (0x0750...0x077F).contains($0.value) }
        records = [
            ["t": 0.0, "type": "start", "version": 1, "platform": "css"],
            ["t": 0.0, "type": "style", "direction": direction, "textAlign": "start", "lineHeight": arabic ? 1.8 : 1.45]
        ]
        var shown = 0
        for frame in manifest.frames where frame.revealedChars > shown {
            // To the microsecond, rounded down: a frame time's last bit of rounding (3400.0000000000005)
            // would apply the record a frame late on the trace's own clock.
            records.append([
                "t": (frame.timeMs * 1000).rounded(.down) / 1000, "type": "show",
                "append": String(String.UnicodeScalarView(text[shown..<frame.revealedChars]))
            ])
            shown = frame.revealedChars
        }
        let last = records.last?["t"] as? Double ?? 0
        records.append(["t": max(last, manifest.ending?.timeMs ?? last), "type": "end", "kind": "done"])
    }

    /// Whether a block of running text has three lines or more on the last frame.
    static func wrapsText(_ manifest: Manifest) -> Bool {
        guard let last = manifest.frames.last else { return false }
        return last.blocks.contains { ![.table, .code].contains($0.kind) && ($0.lineCount ?? $0.lines.count) > 2 }
    }

    /// When the view had first scrolled down half a screen.
    static func scrolledHalfAScreen(_ manifest: Manifest) -> Double? {
        manifest.frames.first { $0.scroll >= Double(manifest.viewport.height) / 2 }?.timeMs
    }

    /// The time of the first frame on which a table's column is more than 2 pt narrower or
    /// wider than it was on the frame before, when a column narrows by as much at some point (a
    /// table whose columns only widen may widen only for words that need the room: no fault).
    static func firstColumnChange(_ manifest: Manifest) -> Double? {
        var last: [Int: [Int: Double]] = [:]
        var widest: [Int: [Int: Double]] = [:]
        var firstChange: Double?
        let margin = 2 * manifest.viewport.scale
        for frame in manifest.frames {
            for block in frame.blocks where block.kind == .table {
                for cell in block.cells ?? [] {
                    let before = last[block.id, default: [:]][cell.column] ?? cell.width
                    if abs(cell.width - before) > margin, firstChange == nil { firstChange = frame.timeMs }
                    if cell.width < (widest[block.id, default: [:]][cell.column] ?? cell.width) - margin { return firstChange }
                    last[block.id, default: [:]][cell.column] = cell.width
                    widest[block.id, default: [:]][cell.column] = max(widest[block.id, default: [:]][cell.column] ?? 0, cell.width)
                }
            }
        }
        return nil
    }

    /// The same trace with what a device decides read from the trace rendered on `device`:
    /// whether a table's columns change when measured again as each row arrives (on a tablet a
    /// table may fit its header's widths; words that force a column wider are no jump), whether
    /// the answer is half a screen taller than the view (a tablet may show it nearly whole: a
    /// snap there would move it a few points), and where a view following its end stands.
    /// - Throws: `InputError` when the trace does not render.
    public func onDevice(_ device: String, fontsDirectory: String?) throws -> CleanTrace {
        var probe = self
        if probe.records.count > 1 { probe.records[1]["tableColumns"] = "auto" }
        probe.insert(["type": "scroll", "offset": 1_000_000], at: 0)
        let manifest = try FaultRecall.render(probe, device: device, fontsDirectory: fontsDirectory)
        var trace = self
        trace.columnsChangeFromMs = Self.firstColumnChange(manifest)
        trace.wrapsText = Self.wrapsText(manifest)
        if (manifest.frames.last?.scroll ?? 0) < Double(manifest.viewport.height) / 2 { trace.scrolledFromMs = nil }
        var last = -1.0
        for frame in manifest.frames where frame.scroll != last {
            trace.followedScrollPt.append((frame.timeMs, frame.scroll / manifest.viewport.scale))
            last = frame.scroll
        }
        let halfAScreenPt = Double(manifest.viewport.height) / manifest.viewport.scale / 2
        let endPt = trace.followedScrollPt.last?.offsetPt ?? 0
        trace.followingLeftHalfAScreenMs = trace.followedScrollPt.last { $0.offsetPt <= endPt - halfAScreenPt }?.timeMs
        return trace
    }

    /// Where the view following the answer's end stood at `timeMs`, in points.
    func followedScroll(atMs timeMs: Double) -> Double? {
        followedScrollPt.last { $0.timeMs <= timeMs }?.offsetPt
    }

    /// The trace as JSON Lines.
    public func jsonLines() throws -> String {
        try records.map { record in
            String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }
}
