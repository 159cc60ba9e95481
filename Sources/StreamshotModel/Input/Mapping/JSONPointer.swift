import Foundation

/// An RFC 6901 JSON Pointer, `/payload/chunk`: where a value sits in a JSON document. `~1` is a
/// `/` inside a key and `~0` a `~`; an array is indexed by its decimal index.
public struct JSONPointer: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public let tokens: [String]
    /// The pointer as written.
    public let description: String

    /// - Throws: `InputError` naming the pointer and what is wrong: not starting with `/`, or a
    ///   `~` not followed by `0` or `1`.
    public init(_ text: String) throws {
        guard text.isEmpty || text.hasPrefix("/") else {
            throw InputError("\(text): a JSON Pointer starts with / (RFC 6901), such as /payload/chunk")
        }
        var tokens: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var token = ""
            var characters = raw.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch characters.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: throw InputError("\(text): ~ in a JSON Pointer must be ~0 (for ~) or ~1 (for /) (RFC 6901)")
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
        description = text
    }

    /// The value this pointer names in `document`, or nil when it names none (a missing key, an
    /// index out of range or not a number, a step into a string or number). JSON `null` is `NSNull`.
    public func value(in document: Any) -> Any? {
        var current = document
        for token in tokens {
            if let object = current as? [String: Any] {
                guard let next = object[token] else { return nil }
                current = next
            } else if let array = current as? [Any] {
                // RFC 6901: an index is 0 or digits without a leading zero.
                guard token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber), token == "0" || !token.hasPrefix("0"),
                    let index = Int(token), index < array.count
                else { return nil }
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }
}
