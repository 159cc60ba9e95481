extension StreamFormat {
    /// The event types of Cohere's v2 chat stream.
    static let cohereTypes: Set<String> = [
        "message-start", "content-start", "content-delta", "content-end", "tool-plan-delta",
        "tool-call-start", "tool-call-delta", "tool-call-end", "citation-start", "citation-end",
        "message-end", "debug"
    ]

    /// Cohere's v2 chat stream (`/v2/chat`, `stream: true`): `message-start`, then per content
    /// block `content-start`, `content-delta` with `delta.message.content.text` (or `.thinking`
    /// for a reasoning model's thoughts), `content-end`; `tool-plan-delta` and `tool-call-*`;
    /// `citation-*`; `message-end` with `delta.finish_reason` (COMPLETE, STOP_SEQUENCE and
    /// TOOL_CALL end the answer; MAX_TOKENS, ERROR and TIMEOUT end it as a client says).
    public static let cohere = StreamFormat(
        name: "cohere",
        summary: #"event: content-delta / data: {"type":"content-delta","delta":{"message":{"content":{"text":"…"}}}} … message-end"#,
        recognizes: { payload in
            cohereTypes.contains(payload.string("type") ?? payload.event)
        },
        decode: { payload in
            let object = payload.object ?? [:]
            let message = (object["delta"] as? [String: Any])?["message"] as? [String: Any] ?? [:]
            switch payload.string("type") ?? payload.event {
            case "content-delta":
                let content = message["content"] as? [String: Any] ?? [:]
                if let text = content["text"] as? String { return text.isEmpty ? [.ignored] : [.text(text)] }
                if let thinking = content["thinking"] as? String { return [.thinking(thinking)] }
                return [.invalid("content-delta needs delta.message.content.text (a string)")]
            case "content-start":
                let content = message["content"] as? [String: Any] ?? [:]
                guard content["type"] as? String ?? "text" == "text" else { return [.ignored] }
                let text = content["text"] as? String ?? ""
                return text.isEmpty ? [.textBlockStart] : [.textBlockStart, .text(text)]
            // The tool plan is the model saying what it will do: its reasoning.
            case "tool-plan-delta": return [.thinking]
            case "tool-call-start":
                let call = message["tool_calls"] as? [String: Any]
                return [.toolCall((call?["function"] as? [String: Any])?["name"] as? String)]
            case "tool-call-delta": return [.toolInput]
            case "citation-start": return cohereCitation(message)
            case "message-end":
                let delta = object["delta"] as? [String: Any] ?? [:]
                let ending = cohereEnding(delta["finish_reason"] as? String, error: delta["error"] as? String)
                return delta["usage"] != nil ? [.skipped("usage"), ending] : [ending]
            default:
                return [.ignored]
            }
        })

    /// A `message-end`'s `finish_reason` as the client ends the answer.
    static func cohereEnding(_ reason: String?, error: String?) -> DecodedEvent {
        switch reason {
        case "MAX_TOKENS": return .error("the answer reached its length limit (MAX_TOKENS)")
        case "ERROR": return .error(error ?? "stopped (ERROR)")
        case "TIMEOUT": return .error(error ?? "stopped (TIMEOUT)")
        default: return error.map { .error($0) } ?? .done
        }
    }
}
