import Foundation

/// Where a team's own JSON events carry what a renderer needs, declared rather than coded: the
/// text delta, the end, an error and (optionally) an arrival time, each an RFC 6901 JSON
/// Pointer into every event (`--map-text /payload/chunk --map-end /type=finished`).
public struct EventMapping: Equatable, Sendable {
    /// The end: the value at `pointer` equals `equals` (compared as JSON text, so `true`, `1` and
    /// `"finished"` are all written as they appear), or, with no `equals`, is present and neither
    /// `null` nor `false`.
    public struct Match: Equatable, Sendable, CustomStringConvertible {
        public var pointer: JSONPointer
        public var equals: String?

        public init(pointer: JSONPointer, equals: String? = nil) {
            self.pointer = pointer
            self.equals = equals
        }

        /// `/type=finished` or `/done`: the first `=` separates the pointer from the value.
        /// - Throws: `InputError` for a pointer that does not parse.
        public init(parsing text: String) throws {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            try self.init(pointer: JSONPointer(String(parts[0])), equals: parts.count == 2 ? String(parts[1]) : nil)
        }

        public var description: String { pointer.description + (equals.map { "=" + $0 } ?? "") }

        package func matches(_ document: Any) -> Bool {
            guard let value = pointer.value(in: document) else { return false }
            guard let equals else { return !(value is NSNull) && (value as? Bool) != false }
            return EventMapping.text(of: value) == equals
        }
    }

    /// `--map-text`: the text delta.
    public var text: JSONPointer?
    /// `--map-end`: the stream's end.
    public var end: Match?
    /// `--map-error`: an error message; present and not `null`, the answer fails with it.
    public var error: JSONPointer?
    /// `--map-time`: the arrival time in milliseconds (epoch milliseconds are taken from the first event's).
    public var time: JSONPointer?

    public init(text: JSONPointer? = nil, end: Match? = nil, error: JSONPointer? = nil, time: JSONPointer? = nil) {
        self.text = text
        self.end = end
        self.error = error
        self.time = time
    }

    /// A value as the mapping compares and shows it: a string as itself, anything else as JSON.
    package static func text(of value: Any) -> String {
        if let string = value as? String { return string }
        if value is NSNull { return "null" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether a parsed JSON value is `true` or `false` (JSONSerialization gives both numbers and
    /// booleans as NSNumber; a boolean's type code is `c`).
    static func isBoolean(_ value: Any) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    /// The options that declare this mapping, as `render` takes them.
    public var arguments: [String] {
        var arguments: [String] = []
        if let text { arguments += ["--map-text", text.description] }
        if let end { arguments += ["--map-end", end.description] }
        if let error { arguments += ["--map-error", error.description] }
        if let time { arguments += ["--map-time", time.description] }
        return arguments
    }
}
