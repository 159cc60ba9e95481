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
            line[line.index(after: line.startIndex)] == ":"
        else { return nil }
        let json = line.dropFirst(2)
        guard let data = json.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return EventPayload(event: String(code), object: ["value": value])
    }

    /// Whether a text reads as a data stream: its first non-empty line (a byte order mark
    /// skipped) is a part whose value has the kind its code defines (`0:` a string, `d:` an
    /// object…), and most of its head (up to 64 lines in its first megabyte) are parts. What tells a `.txt` capture of one (what `curl`
    /// saves) from Markdown or a note whose first line happens to read `3:45`, and a service
    /// body's kind. A first part longer than any fixed window is read whole.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(1 << 20)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        // A line the megabyte cut in two is not judged, unless it is the only one.
        if bytes.count > head.count + 3, lines.count > 1 { lines.removeLast() }
        // The first part of its code's kind, and most of the head parts: a stream with one bad
        // part is still one (that part is then named in a warning).
        guard let first = lines.first, isPart(first, ofItsKind: true) else { return false }
        let window = lines.prefix(64)
        return window.filter { isPart($0, ofItsKind: false) }.count * 2 >= window.count
    }

    private static func isPart(_ line: Substring, ofItsKind: Bool) -> Bool {
        guard let part = payload(line.drop(while: \.isWhitespace)), let code = part.event.first else { return false }
        return !ofItsKind || hasItsKind(part.object?["value"], code: code)
    }

    /// The value's JSON kind is the one v4 defines for the part's code: text, errors and
    /// reasoning are strings; data and annotations arrays; the rest objects.
    private static func hasItsKind(_ value: Any?, code: Character) -> Bool {
        switch code {
        case "0", "3", "g": return value is String
        case "2", "8": return value is [Any]
        case "9", "a", "b", "c", "d", "e", "f", "h", "i", "j", "k": return value is [String: Any]
        default: return value is String || value is [Any] || value is [String: Any]
        }
    }
}
