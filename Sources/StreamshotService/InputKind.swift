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

    /// The kind a body's first bytes suggest: a JSON object line (or a data stream part), SSE fields, else Markdown.
    static func detect(_ body: [UInt8]) -> InputKind {
        let head = String(decoding: body.prefix(4096), as: UTF8.self)
        let firstLine = head.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }?
            .trimmingCharacters(in: .whitespaces) ?? ""
        // The AI SDK's data stream (`0:"…"` lines) is read as JSON Lines are.
        if firstLine.hasPrefix("{") || DataStreamLine.looksLike(body) { return .jsonl }
        let sseFields = ["data:", "event:", "id:", "retry:", ":"]
        if sseFields.contains(where: { firstLine.hasPrefix($0) }) { return .sse }
        return .md
    }
}
