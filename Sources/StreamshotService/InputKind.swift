import Foundation
import Streamshot

/// How a submitted stream is read, as the CLI reads a file by its extension.
public enum InputKind: String, Codable, Sendable, CaseIterable {
    /// Server-Sent Events as received.
    case sse
    /// Timed events, one JSON object a line (or a client trace, detected by its first record).
    case jsonl
    /// Markdown or plain text, timed by the network.
    case md
    case txt
    /// A team's client trace, whatever its first record.
    case trace

    /// The file name the input is stored under, so the loader reads it as the CLI would.
    var fileName: String { self == .trace ? "input.jsonl" : "input.\(rawValue)" }

    /// A warning when this kind, as declared (a Content-Type, `?input=`), and the body plainly
    /// disagree: Markdown or text whose first line is an SSE field or a JSON object (an SSE
    /// capture posted as text/markdown) is rendered as the text it was declared, and says so.
    /// The other way round needs no warning: an SSE or JSON Lines body that is not one is refused.
    func disagreement(with body: [UInt8]) -> RenderWarning? {
        guard self == .md || self == .txt else { return nil }
        let looksLike = Self.detect(body)
        guard looksLike == .sse || looksLike == .jsonl, Self.plainly(looksLike, body) else { return nil }
        let name = looksLike == .sse ? "Server-Sent Events" : "JSON Lines"
        let type = looksLike == .sse ? "text/event-stream" : "application/x-ndjson"
        return RenderWarning(
            kind: .contentMismatch,
            message:
                "the body was declared \(self == .md ? "Markdown" : "plain text") (its Content-Type or input=\(rawValue)) but reads as \(name): it is "
                + "rendered as the text it was declared; send it as \(type) or with input=\(looksLike.rawValue)")
    }

    /// Whether the first line is unmistakably the kind: an SSE `data:` or `event:` field (a line
    /// starting with `:` or `id:` could be prose), or a whole JSON object (or data stream part).
    private static func plainly(_ kind: InputKind, _ body: [UInt8]) -> Bool {
        let head = String(decoding: body.prefix(4096), as: UTF8.self)
        guard let first = head.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
        let line = first.trimmingCharacters(in: .whitespaces)
        if kind == .sse { return line.hasPrefix("data:") || line.hasPrefix("event:") }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any] || DataStreamLine.looksLike(body)
    }

    /// The kind a body's first bytes suggest: a JSON object line (or a data stream part), SSE fields, else Markdown.
    static func detect(_ body: [UInt8]) -> InputKind {
        let head = String(decoding: body.prefix(4096), as: UTF8.self)
        let firstLine =
            head.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }?
            .trimmingCharacters(in: .whitespaces) ?? ""
        // The AI SDK's data stream (`0:"…"` lines) is read as JSON Lines are.
        if firstLine.hasPrefix("{") || DataStreamLine.looksLike(body) { return .jsonl }
        let sseFields = ["data:", "event:", "id:", "retry:", ":"]
        if sseFields.contains(where: { firstLine.hasPrefix($0) }) { return .sse }
        return .md
    }
}
