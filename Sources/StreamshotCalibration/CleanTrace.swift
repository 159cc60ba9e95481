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
    /// When a table's column first stood more than 2 pt narrower than it had been (nil: no
    /// table, or none whose columns ever did): its rows share its width out anew there, and a
    /// client that measures every cell again as it comes jumps, so its way with columns can be
    /// planted from then on.
    public var columnsChangeFromMs: Double?
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
        columnsChangeFromMs = Self.firstColumnNarrowing(manifest)
        direction = manifest.direction?.rawValue ?? "ltr"
        arabic = text.contains { (0x0600...0x06FF).contains($0.value) || (0x0750...0x077F).contains($0.value) }
        records = [["t": 0.0, "type": "start", "version": 1, "platform": "css"],
                   ["t": 0.0, "type": "style", "direction": direction, "textAlign": "start", "lineHeight": arabic ? 1.8 : 1.45]]
        var shown = 0
        for frame in manifest.frames where frame.revealedChars > shown {
            records.append(["t": frame.timeMs, "type": "show",
                            "append": String(String.UnicodeScalarView(text[shown..<frame.revealedChars]))])
            shown = frame.revealedChars
        }
        let last = records.last?["t"] as? Double ?? 0
        records.append(["t": max(last, manifest.ending?.timeMs ?? last), "type": "end", "kind": "done"])
    }

    /// When the view had first scrolled down half a screen.
    static func scrolledHalfAScreen(_ manifest: Manifest) -> Double? {
        manifest.frames.first { $0.scroll >= Double(manifest.viewport.height) / 2 }?.timeMs
    }

    /// The time of the first frame on which a table's column is more than 2 pt narrower than
    /// the widest it had been.
    static func firstColumnNarrowing(_ manifest: Manifest) -> Double? {
        var widest: [Int: [Int: Double]] = [:]
        let margin = 2 * manifest.viewport.scale
        for frame in manifest.frames {
            for block in frame.blocks where block.kind == .table {
                for cell in block.cells ?? [] {
                    let before = widest[block.id, default: [:]][cell.column] ?? cell.width
                    if cell.width < before - margin { return frame.timeMs }
                    widest[block.id, default: [:]][cell.column] = max(before, cell.width)
                }
            }
        }
        return nil
    }

    /// The same trace with what a device decides read from the trace rendered on `device`:
    /// whether a table's columns narrow when measured again as each word arrives (a squeezed
    /// table does; one that scrolls sideways on a small phone only widens: no jump to find), and
    /// whether the answer is half a screen taller than the view (a tablet may show it nearly
    /// whole: a snap there would move it a few points).
    /// - Throws: `InputError` when the trace does not render.
    public func onDevice(_ device: String, fontsDirectory: String?) throws -> CleanTrace {
        var probe = self
        if probe.records.count > 1 { probe.records[1]["tableColumns"] = "auto" }
        probe.insert(["type": "scroll", "offset": 1_000_000], at: (records.last?["t"] as? Double ?? 0) - 1)
        let manifest = try FaultRecall.render(probe, device: device, fontsDirectory: fontsDirectory)
        var trace = self
        trace.columnsChangeFromMs = Self.firstColumnNarrowing(manifest)
        if (manifest.frames.last?.scroll ?? 0) < Double(manifest.viewport.height) / 2 { trace.scrolledFromMs = nil }
        return trace
    }

    /// The trace as JSON Lines.
    public func jsonLines() throws -> String {
        try records.map { record in
            String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }
}
