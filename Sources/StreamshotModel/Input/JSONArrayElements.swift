import Foundation

/// The elements of a top-level JSON array read one at a time, so an array cut short (a capture
/// of Gemini's reply without `alt=sse` that stopped mid-answer) still gives the elements that
/// arrived whole: each element's bytes end where its brackets close, strings and escapes followed.
enum JSONArrayElements {
    /// The complete elements of the array `text` opens, parsed, whether it closed, and how many
    /// elements did not parse; nil when `text` does not start with `[`.
    package static func read(_ text: String) -> (elements: [Any], closed: Bool, unreadable: Int)? {
        let bytes = Array(text.utf8)
        guard let open = bytes.firstIndex(where: { !isSpace($0) }), bytes[open] == UInt8(ascii: "[") else { return nil }
        var elements: [Any] = []
        var unreadable = 0
        var (depth, inString, escaped, start) = (0, false, false, open + 1)
        for index in (open + 1)..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"): depth = max(0, depth - 1)
            case UInt8(ascii: "]") where depth > 0: depth -= 1
            case UInt8(ascii: ",") where depth == 0, UInt8(ascii: "]"):
                // An element ends at depth 0: parsed alone (a value that does not parse is skipped).
                switch element(bytes[start..<index]) {
                case .some(.some(let value)): elements.append(value)
                case .some(.none): unreadable += 1
                case .none: break
                }
                if byte == UInt8(ascii: "]") { return (elements, true, unreadable) }
                start = index + 1
            default: break
            }
        }
        return (elements, false, unreadable)
    }

    /// nil for an empty element (`[]`, a trailing comma); `.some(nil)` for one that does not parse.
    private static func element(_ bytes: ArraySlice<UInt8>) -> Any?? {
        guard bytes.contains(where: { !isSpace($0) }) else { return nil }
        return .some(try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
