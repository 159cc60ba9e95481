import Foundation

extension EventMapping {
    /// What one event means under this mapping: its text (a string at the text pointer), then its
    /// error or end. An event that gives none of them is counted as `unmapped` (a heartbeat, a
    /// progress event, an empty chunk), never a warning; a text pointer that finds something
    /// other than a string is a warning.
    package func decode(_ object: [String: Any]) -> [DecodedEvent] {
        var events: [DecodedEvent] = []
        if let text, let value = text.value(in: object), !(value is NSNull) {
            guard let string = value as? String else {
                return [.invalid("\(text) (--map-text) is \(Self.kind(of: value)), expected a string")]
            }
            if !string.isEmpty { events.append(.text(string)) }
        }
        if let error, let value = error.value(in: object), !(value is NSNull), (value as? Bool) != false {
            let message = (value as? [String: Any])?["message"] as? String ?? Self.text(of: value)
            events.append(.error(message))
        } else if let end, end.matches(object) {
            events.append(.done)
        }
        return events.isEmpty ? [.skipped("unmapped")] : events
    }

    /// The options whose pointers find a value in this event (`--map-text /payload/chunk`), for `inspect`.
    public func matches(_ object: [String: Any]) -> [String] {
        var matched: [String] = []
        if let text, text.value(in: object) != nil { matched.append("--map-text \(text)") }
        if let end, end.matches(object) { matched.append("--map-end \(end)") }
        if let error, let value = error.value(in: object), !(value is NSNull) { matched.append("--map-error \(error)") }
        if let time, time.value(in: object) is NSNumber { matched.append("--map-time \(time)") }
        return matched
    }

    /// Why a stream none of whose `count` events this mapping finds anything in is not rendered:
    /// each pointer, and what the first event holds instead.
    package func refusal(events count: Int, firstKeys: [String]?, endFound: Bool = false) -> InputError {
        let missing = endFound ? "text (its end, yes)" : "text, end or error"
        var message = "the mapping (\(arguments.joined(separator: " "))) finds no \(missing) in any of \(count) event\(count == 1 ? "" : "s")"
        if let firstKeys {
            message += "; the first is a JSON object with keys \(firstKeys.sorted().prefix(8).joined(separator: ", "))"
        } else {
            message += "; the first is not a JSON object"
        }
        return InputError(message + ". Each pointer is RFC 6901 from the event's root, such as /payload/chunk")
    }

    /// "a number", "an object": what a value is, for messages.
    package static func kind(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case let number as NSNumber where isBoolean(number): "a boolean"
        case is NSNumber: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "null"
        }
    }
}
