import Foundation

/// One event's payload as the formats see it.
public struct EventPayload {
    /// The SSE `event` field ("message" when none), or "" for a JSON Lines record.
    public var event: String
    public var data: String
    /// `data` parsed as a JSON object, when it is one.
    public var object: [String: Any]?

    public init(event: String, data: String) {
        self.event = event
        self.data = data
        object = JSONObject.parse(data).value
    }

    public init(event: String = "", object: [String: Any]) {
        self.event = event
        self.data = ""
        self.object = object
    }

    /// `object[key]` as a String.
    package func string(_ key: String) -> String? { object?[key] as? String }
}

/// What a payload means for the text on screen.
public enum DecodedEvent: Equatable, Sendable {
    case text(String)
    case snapshot(String)
    case done
    case error(String)
    /// The server revoked the session (a 401): the stream ends.
    case unauthorized(String)
    /// Not text and not activity (usage, repeats): counted by category, never rendered.
    case skipped(String)
    /// The model reasoning or using a tool (`DecodedEvent.thinking`, `.toolCall(name)`, …).
    case activity(Activity)
    /// A new block of text starts (Anthropic's second text block): a blank line separates it
    /// from the text before, as a client showing both blocks does.
    case textBlockStart
    /// A text block starts that goes on with the text before it: Anthropic splits a cited
    /// answer into blocks at each citation's edges (a block that may carry `citations`), and
    /// they read as one text.
    case textBlockContinues
    /// A content block ended (Anthropic's `content_block_stop`): a citation of the text block
    /// that ends here is placed on its words.
    case blockEnd
    /// A citation or a source, as the provider sent it.
    case citation(CitationRead)
    /// Protocol bookkeeping with nothing to show or count (pings, block starts).
    case ignored
    /// Not understood; the reason says what was expected.
    case invalid(String)
}

/// A provider's event format: how to recognise it and what its events mean. A value, so a new
/// provider is one more static instance.
public struct StreamFormat: Sendable {
    public let name: String
    /// One line for docs/input-formats.md and `inspect`.
    public let summary: String
    let recognizes: @Sendable (EventPayload) -> Bool
    package let decode: @Sendable (EventPayload) -> [DecodedEvent]
    /// The declared mapping this format reads events by, when it is one (`--map-*`, `--mapping`).
    public let mapping: EventMapping?
    /// Its events' data is text, not JSON (`sse-text`): handed to `decode` as it is.
    public let readsPlainData: Bool

    public init(
        name: String, summary: String,
        recognizes: @escaping @Sendable (EventPayload) -> Bool,
        decode: @escaping @Sendable (EventPayload) -> [DecodedEvent],
        mapping: EventMapping? = nil, readsPlainData: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.recognizes = recognizes
        self.decode = decode
        self.mapping = mapping
        self.readsPlainData = readsPlainData
    }

    /// Every format, in detection order.
    public static let all: [StreamFormat] = [
        .anthropic, .openAIResponses, .gemini, .aiSDK, .aiSDKData, .cohere, .ollama, .openAIChat, .polling, .product
    ]

    /// Every format `--format` can force: the detected ones and `sse-text`, which only a stream
    /// with no JSON event falls back to by itself.
    public static let forcible: [StreamFormat] = all + [.sseText]

    public static func named(_ name: String) -> StreamFormat? {
        forcible.first { $0.name == name }
    }
}

/// Picks a stream's format from its first recognisable event and decodes every event with it.
public struct FormatDetector {
    public private(set) var format: StreamFormat?

    public init(format: StreamFormat? = nil) {
        self.format = format
    }

    public mutating func decode(_ payload: EventPayload) -> [DecodedEvent] {
        if payload.data.trimmingCharacters(in: .whitespaces) == "[DONE]" { return [.done] }
        if format == nil { format = StreamFormat.all.first { $0.recognizes(payload) } }
        guard let format else {
            if payload.object == nil {
                return [.invalid(JSONObject.parse(payload.data).error ?? "expected a JSON object")]
            }
            return [.invalid("not an event of a known format (\(StreamFormat.all.map(\.name).joined(separator: ", ")))")]
        }
        guard payload.object != nil || format.readsPlainData else {
            return [.invalid(JSONObject.parse(payload.data).error ?? "expected a JSON object")]
        }
        return format.decode(payload)
    }
}

/// JSON object parsing with a short reason on failure.
enum JSONObject {
    package static func parse(_ text: String) -> (value: [String: Any]?, error: String?) {
        guard let data = text.data(using: .utf8), !data.isEmpty else { return (nil, "empty payload: expected a JSON object") }
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            guard let object = value as? [String: Any] else { return (nil, "expected a JSON object") }
            return (object, nil)
        } catch {
            let nsError = error as NSError
            let reason = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            return (nil, "JSON does not parse (\(reason))")
        }
    }
}
