import Foundation
import Streamshot

/// The lines of a JSON Lines capture: received lines stamped with `t` (what `JSONLSource` reads
/// as arrival times), `reconnect` records, and `{"streamshot":…}` comments it skips.
enum JSONLine {
    /// `{"model":…}` arriving at 120 ms as `{"t":120,"model":…}`: the line's own bytes kept, `t`
    /// put first; a line that is no JSON object is kept as it came.
    static func stamped(_ text: String, ms: Int) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{"), (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) is [String: Any] else { return text }
        let rest = trimmed.dropFirst().drop(while: \.isWhitespace)
        return rest.first == "}" ? "{\"t\":\(ms)\(rest)" : "{\"t\":\(ms),\(rest)"
    }

    static func reconnect(_ detail: String, ms: Int) -> String {
        "{\"t\":\(ms),\"type\":\"reconnect\",\"detail\":\(JSONText.string(detail))}\n"
    }

    static func comment(_ text: String, ms: Int? = nil) -> String {
        (ms.map { "{\"t\":\($0)," } ?? "{") + "\"streamshot\":\(JSONText.string(text))}\n"
    }
}
