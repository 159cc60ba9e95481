import Foundation

/// Reads a client trace (JSON Lines, one change a line, `t` in ms from the request). A bad line
/// or field is a warning naming the line, and the rest of the trace goes on; nothing shown is lost.
public enum ClientTraceReader {
    /// The record types; a `.jsonl` whose first record is `start`, `show` or `style` is a trace.
    public static let types = ["start", "show", "style", "scroll", "overlay", "reader", "end"]

    /// Whether the first record of `bytes` is a trace's (other JSON Lines inputs start with an event).
    public static func looksLikeTrace(_ bytes: [UInt8]) -> Bool {
        let lines = bytes.droppingByteOrderMark.lazy.split(separator: UInt8(ascii: "\n"))
        guard let line = lines.first(where: { $0.contains { !(Unicode.Scalar($0).properties.isWhitespace) } }),
            let type = JSONObject.parse(String(decoding: line, as: UTF8.self)).value?["type"] as? String
        else { return false }
        return ["start", "show", "style"].contains(type)
    }

    /// - Returns: the trace, and a transcript of what it showed (each `show` a snapshot of the
    ///   whole text, the `end` a done) that carries it.
    /// - Throws: `InputError` when nothing in it was shown or ended.
    public static func transcript(bytes: [UInt8]) throws -> Transcript {
        var decoder = UTF8StreamDecoder()
        let text = decoder.decode(bytes.droppingByteOrderMark) + decoder.finish()
        var reading = TraceReading()
        reading.warnings = decoder.invalidOffsets.map { RenderWarning(kind: .invalidUTF8, message: "invalid UTF-8 at byte \($0); shown as U+FFFD") }
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            reading.read(String(line), place: "line \(offset + 1)")
        }
        guard !reading.records.isEmpty else {
            throw InputError(
                "no client-trace records: expected JSON Lines like {\"t\":640,\"type\":\"show\",\"text\":\"...\"}"
                    + RenderWarning.firstProblem(in: reading.warnings))
        }
        var transcript = Transcript(events: reading.events, warnings: reading.warnings, format: "client-trace")
        transcript.clientTrace = ClientTrace(start: reading.start, records: reading.records)
        return transcript
    }
}

/// A client trace read as its lines arrive (a live session's): each call reads whole lines and
/// gives the warnings they raised, as a read of the whole trace would word them — so a session
/// answers each message with its own warnings at a cost that does not grow with what came before.
struct ClientTraceLines {
    private var reading = TraceReading()
    private var decoder = UTF8StreamDecoder()
    private var linesRead = 0
    private var invalidReported = 0

    package init() {}

    /// Reads `bytes`, whole lines each ending in a line break.
    /// - Returns: the warnings the lines raised.
    package mutating func read(_ bytes: [UInt8]) -> [RenderWarning] {
        let before = reading.warnings.count
        let text = decoder.decode(linesRead == 0 ? bytes.droppingByteOrderMark : bytes)
        var warnings = decoder.invalidOffsets.dropFirst(invalidReported).map {
            RenderWarning(kind: .invalidUTF8, message: "invalid UTF-8 at byte \($0); shown as U+FFFD")
        }
        invalidReported = decoder.invalidOffsets.count
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.dropLast()
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            reading.read(String(line), place: "line \(linesRead + offset + 1)")
        }
        linesRead += lines.count
        warnings += reading.warnings[before...]
        return warnings
    }
}

/// The state of a trace being read: the text shown so far, the last time, what was read.
private struct TraceReading {
    var start = ClientTrace.Start()
    var records: [ClientTrace.Record] = []
    var events: [StreamEvent] = []
    var warnings: [RenderWarning] = []
    /// The text shown so far, as scalars (a `text` record is compared with it).
    private var shown: [Unicode.Scalar] = []
    private var lastTime = 0.0
    private var ended = false

    mutating func read(_ line: String, place: String) {
        let parsed = JSONObject.parse(line.trimmingCharacters(in: .whitespaces))
        guard let object = parsed.value else {
            return warn(.badLine, "\(place): \(parsed.error ?? "expected a JSON object"); line skipped")
        }
        let time = timeOf(object, place: place)
        guard let type = object["type"] as? String, ClientTraceReader.types.contains(type) else {
            return warn(
                .badEvent,
                "\(place): unknown record type \(String(describing: object["type"] ?? "(none)")) (expected "
                    + "\(ClientTraceReader.types.joined(separator: ", "))); skipped")
        }
        if ended { return warn(.afterEnd, "\(place): a \(type) record after the trace's end; not shown", time) }
        var fields = TraceFields(object: object, place: place)
        defer { warnings += fields.problems.map { RenderWarning(kind: .badEvent, message: $0, timeMs: time) } }
        switch type {
        case "start": start = fields.start()
        case "show": show(&fields, at: time, place: place)
        case "style": records.append(.init(timeMs: time, change: .style(fields.style(), block: fields.blockIndex())))
        case "scroll":
            if let offset = fields.number("offset", range: 0...10_000_000) {
                records.append(.init(timeMs: time, change: .scroll(offset, pinned: fields.flag("pinned"))))
            }
        case "overlay":
            if let overlay = fields.overlay() { records.append(.init(timeMs: time, change: overlay)) }
        case "reader":
            if let action = fields.readerAction() { records.append(.init(timeMs: time, change: .reader(action))) }
        default:
            let kind = fields.endKind()
            records.append(.init(timeMs: time, change: .end(kind)))
            events.append(StreamEvent(timeMs: time, kind: .done))
            ended = true
        }
    }

    /// A `show` record becomes the text it added (a delta), or, when it changed what was shown, the
    /// whole text again (a snapshot that rewrites).
    private mutating func show(_ fields: inout TraceFields, at time: Double, place: String) {
        let change: ClientTrace.Change
        if let whole = fields.object["text"] as? String {
            let scalars = Array(whole.unicodeScalars)
            if scalars.starts(with: shown) {
                change = .append(String(String.UnicodeScalarView(scalars[shown.count...])))
            } else {
                change = .rewrite(whole)
            }
            shown = scalars
        } else if let added = fields.object["append"] as? String {
            change = .append(added)
            shown.append(contentsOf: added.unicodeScalars)
        } else {
            return warn(.badEvent, "\(place): a show record needs \"text\" (all text shown so far) or \"append\" (text added); skipped", time)
        }
        records.append(.init(timeMs: time, change: change))
        if let ready = fields.number("ready", range: 0...100_000_000) { records.append(.init(timeMs: time, change: .ready(Int(ready)))) }
        if case .rewrite(let whole) = change {
            events.append(StreamEvent(timeMs: time, kind: .snapshot(whole)))
        } else if case .append(let added) = change {
            events.append(StreamEvent(timeMs: time, kind: .delta(added)))
        }
    }

    private mutating func timeOf(_ object: [String: Any], place: String) -> Double {
        guard let t = object["t"] as? Double, t.isFinite, t >= 0 else {
            warn(.missingTime, "\(place): expected a non-negative number \"t\" (milliseconds); using \(lastTime)", lastTime)
            return lastTime
        }
        if t < lastTime {
            warn(.timeGoesBack, "\(place): t=\(t) is earlier than the previous record's \(lastTime); using \(lastTime)", lastTime)
            return lastTime
        }
        lastTime = t
        return t
    }

    private mutating func warn(_ kind: RenderWarning.Kind, _ message: String, _ time: Double? = nil) {
        warnings.append(RenderWarning(kind: kind, message: message, timeMs: time))
    }
}
