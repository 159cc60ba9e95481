import Foundation

/// The comment lines a capture carries besides its events: `streamshot record` writes them and
/// `SSESource` reads them back, so their syntax lives here and nowhere else.
///
/// - `: t=<ms>`: the bytes after it arrived `<ms>` milliseconds after the recording started.
/// - `: reconnect attempt=<n> last-event-id=<id>`: the connection dropped and was reopened.
/// - `: end <reason>`: the recording ended without the stream finishing it.
/// - `: invalid-utf8 <detail>`: the server sent bytes that are not UTF-8 (written as U+FFFD).
///
/// Any other comment (the recorder's header, a server's keep-alive) means nothing to a render.
public enum CaptureComment: Equatable, Sendable {
    /// An arrival stamp, in milliseconds (finite, not negative).
    case arrival(ms: Double)
    /// A reconnection, with what follows the word, e.g. `attempt=1 last-event-id=4` (may be empty).
    case reconnect(detail: String)
    /// The end of a recording, with what follows the word, e.g. `incomplete (idle for 60 seconds without done)`.
    case end(reason: String)
    /// A `t=` stamp whose value is not a time: what follows `t=`.
    case badStamp(String)
    /// The server sent bytes that are not UTF-8; the capture holds U+FFFD in their place, and
    /// this comment keeps the replay's warning. The detail says where.
    case invalidUTF8(detail: String)

    /// Reads one comment.
    /// - Parameter comment: the comment's text after the colon, as `SSEParser` reports it.
    /// - Returns: nil for any other comment; `.badStamp` for a stamp that is not decimal digits
    ///   with an optional fraction (`Double` alone would read `0x10`, `nan` and `1e400`).
    public init?(parsing comment: String) {
        let text = comment.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("t=") {
            let value = String(text.dropFirst(2))
            guard Self.isDecimal(value), let ms = Double(value), ms.isFinite else {
                self = .badStamp(value)
                return
            }
            self = .arrival(ms: ms)
        } else if let detail = Self.argument(of: "reconnect", in: text) {
            self = .reconnect(detail: detail)
        } else if let detail = Self.argument(of: "invalid-utf8", in: text) {
            self = .invalidUTF8(detail: detail)
        } else if let reason = Self.argument(of: "end", in: text) {
            self = .end(reason: reason)
        } else {
            return nil
        }
    }

    /// A comment line: `: `, the text, a newline.
    public static func line(_ text: String) -> String {
        ": " + text + "\n"
    }

    /// The stamp line for bytes that arrived at `ms` (the recorder counts whole milliseconds).
    public static func arrivalLine(ms: Int) -> String {
        line("t=\(ms)")
    }

    /// A reconnect comment's detail: the attempt, and the `Last-Event-ID` sent if there was one.
    public static func reconnectDetail(attempt: Int, lastEventId: String) -> String {
        "attempt=\(attempt)" + (lastEventId.isEmpty ? "" : " last-event-id=\(lastEventId)")
    }

    /// The line marking a reconnection.
    /// - Parameter detail: usually `reconnectDetail(attempt:lastEventId:)`.
    public static func reconnectLine(_ detail: String) -> String {
        line("reconnect \(detail)")
    }

    /// The line noting that the server sent invalid UTF-8 (written before the event that held it).
    public static func invalidUTF8Line(_ detail: String) -> String {
        line("invalid-utf8 \(detail)")
    }

    /// The line marking how a recording ended, e.g. `endLine("unauthorized (HTTP 401)")`.
    public static func endLine(_ reason: String) -> String {
        line("end \(reason)")
    }

    /// Digits, then optionally a point and more digits: how `arrivalLine` writes a time.
    private static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        return isDigits(parts[0]) && (parts.count == 1 || isDigits(parts[1]))
    }

    /// What follows `word` in `text` ("" for the bare word), or nil if `text` does not start with it.
    private static func argument(of word: String, in text: String) -> String? {
        guard text == word || text.hasPrefix(word + " ") else { return nil }
        return String(text.dropFirst(word.count)).trimmingCharacters(in: .whitespaces)
    }
}
