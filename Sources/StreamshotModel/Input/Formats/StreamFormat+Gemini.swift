import Foundation

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
            // `"error": null` beside the candidates is no error.
            if object["error"] is [String: Any] || object["error"] is String { return [failure(object)] }
            var events: [DecodedEvent] = []
            let candidates = object["candidates"] as? [[String: Any]] ?? []
            // The answer shown is candidate 0 (or, when none is numbered 0, the first); the
            // others are counted, never interleaved into it.
            let shown = candidates.firstIndex { ($0["index"] as? Int ?? 0) == 0 } ?? candidates.indices.first
            events += candidates.indices.filter { $0 != shown }.map { _ in .skipped("other-choice") }
            if let shown {
                let candidate = candidates[shown]
                events += geminiParts((candidate["content"] as? [String: Any])?["parts"])
                events += (candidate["groundingMetadata"] as? [String: Any]).map(geminiGrounding) ?? []
                if let reason = candidate["finishReason"] as? String { events.append(geminiEnding(reason)) }
            }
            if let blocked = (object["promptFeedback"] as? [String: Any])?["blockReason"] as? String {
                events.append(.error("the prompt was blocked (\(blocked))"))
            }
            if object["usageMetadata"] != nil, candidates.allSatisfy({ $0["content"] == nil }) { events.append(.skipped("usage")) }
            return events.isEmpty ? [.ignored] : events
        })

    /// A candidate's `parts`: a list of part objects (one object alone is read as a list of one);
    /// anything else is named, never dropped unsaid.
    static func geminiParts(_ value: Any?) -> [DecodedEvent] {
        guard let value else { return [] }
        let parts: [Any] = value as? [Any] ?? [value]
        return parts.enumerated().flatMap { position, element -> [DecodedEvent] in
            guard let part = element as? [String: Any] else {
                return [.invalid("parts[\(position)]: expected a part object such as {\"text\":\"…\"}")]
            }
            return geminiPart(part, position: position)
        }
    }

    private static func geminiPart(_ part: [String: Any], position: Int) -> [DecodedEvent] {
        if part["thought"] as? Bool == true { return [.thinking(part["text"] as? String)] }
        if let text = part["text"] as? String { return text.isEmpty ? [] : [.text(text)] }
        if let text = part["text"], !(text is NSNull) {
            return [.invalid("parts[\(position)].text: expected a string, found \(String(describing: text).prefix(40))")]
        }
        if let call = part["functionCall"] as? [String: Any] { return [.toolCall(call["name"] as? String)] }
        if part["executableCode"] != nil { return [.toolCall("code_execution")] }
        if part["codeExecutionResult"] != nil || part["functionResponse"] != nil { return [.toolResult] }
        return []
    }

    /// A Gemini `finishReason` as the client ends the answer.
    static func geminiEnding(_ reason: String) -> DecodedEvent {
        switch reason {
        case "STOP", "FINISH_REASON_UNSPECIFIED": return .done
        case "MAX_TOKENS": return .error("the answer reached its length limit (MAX_TOKENS)")
        case "SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "IMAGE_SAFETY": return .error("stopped by the safety filter (\(reason))")
        case "RECITATION": return .error("stopped: it would recite a source (RECITATION)")
        default: return .error("stopped (\(reason))")
        }
    }
}
