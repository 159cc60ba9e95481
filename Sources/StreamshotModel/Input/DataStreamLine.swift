import Foundation

/// A line of the AI SDK's data stream protocol (v4, `toDataStreamResponse`, header
/// `x-vercel-ai-data-stream: v1`): a one-character part code, a colon and a JSON value, e.g.
/// `0:"Hello"`, `3:"error text"`, `d:{"finishReason":"stop"}`. The body is `text/plain`, one part a
/// line, so it is read like NDJSON.
public enum DataStreamLine {
    /// The part codes v4 defines (`0` text … `k` file).
    package static let codes: Set<Character> = Set("0123456789abcdefghijk")

    /// The line as a payload the `ai-sdk-data` format reads: the part code as its event, the value
    /// under `"value"`; nil when the line is not a data stream part.
    public static func payload(_ line: Substring) -> EventPayload? {
        guard line.count >= 3, let code = line.first, codes.contains(code),
              line[line.index(after: line.startIndex)] == ":" else { return nil }
        let json = line.dropFirst(2)
        guard let data = json.data(using: .utf8),
              let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return EventPayload(event: String(code), object: ["value": value])
    }

    /// Whether a text's first non-empty line is a data stream part: what tells a `.txt` capture
    /// of one (what `curl` saves) from Markdown, and a service body's kind.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let first = head.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
        return payload(first.drop(while: \.isWhitespace)) != nil
    }
}
