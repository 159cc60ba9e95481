extension StreamFormat {
    /// Google's Gemini `streamGenerateContent?alt=sse`: each event a `GenerateContentResponse`,
    /// `{"candidates":[{"content":{"parts":[{"text":"…"}],"role":"model"}}]}`; a part with
    /// `"thought": true` is the model thinking; `finishReason` STOP ends the answer, and SAFETY,
    /// RECITATION, MAX_TOKENS and the like end it as a client tells the reader.
    public static let gemini = StreamFormat(
        name: "gemini",
        summary: #"data: {"candidates":[{"content":{"parts":[{"text":"…"}],"role":"model"}}]} … "finishReason":"STOP""#,
        recognizes: { payload in
            guard let object = payload.object else { return false }
            if object["candidates"] is [Any] || object["promptFeedback"] is [String: Any] { return true }
            // Google's errors carry a status name (`INVALID_ARGUMENT`) beside the code.
            return (object["error"] as? [String: Any])?["status"] is String
        },
        decode: { payload in
            let object = payload.object ?? [:]
            if object["error"] != nil { return [failure(object)] }
            var events: [DecodedEvent] = []
            let candidates = object["candidates"] as? [[String: Any]] ?? []
            if let candidate = candidates.first(where: { ($0["index"] as? Int ?? 0) == 0 }) {
                let parts = (candidate["content"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
                for part in parts {
                    if part["thought"] as? Bool == true {
                        events.append(.thinking)
                    } else if let text = part["text"] as? String {
                        if !text.isEmpty { events.append(.text(text)) }
                    } else if let call = part["functionCall"] as? [String: Any] {
                        events.append(.toolCall(call["name"] as? String))
                    } else if part["executableCode"] != nil {
                        events.append(.toolCall("code_execution"))
                    } else if part["codeExecutionResult"] != nil || part["functionResponse"] != nil {
                        events.append(.toolResult)
                    }
                }
                if let reason = candidate["finishReason"] as? String { events.append(geminiEnding(reason)) }
            }
            if let blocked = (object["promptFeedback"] as? [String: Any])?["blockReason"] as? String {
                events.append(.error("the prompt was blocked (\(blocked))"))
            }
            if object["usageMetadata"] != nil, candidates.allSatisfy({ $0["content"] == nil }) { events.append(.skipped("usage")) }
            return events.isEmpty ? [.ignored] : events
        })

    /// A Gemini `finishReason` as the client ends the answer.
    package static func geminiEnding(_ reason: String) -> DecodedEvent {
        switch reason {
        case "STOP", "FINISH_REASON_UNSPECIFIED": return .done
        case "MAX_TOKENS": return .error("the answer reached its length limit (MAX_TOKENS)")
        case "SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "IMAGE_SAFETY": return .error("stopped by the safety filter (\(reason))")
        case "RECITATION": return .error("stopped: it would recite a source (RECITATION)")
        default: return .error("stopped (\(reason))")
        }
    }
}
