extension StreamFormat {
    /// Ollama's NDJSON, `/api/chat` (`{"model":…,"message":{"role":"assistant","content":"…"},"done":false}`)
    /// and `/api/generate` (`{"model":…,"response":"…","done":false}`): the last line has
    /// `"done":true` and a `done_reason` (`stop`; `length` ends it at the length limit); a
    /// `thinking` field is the model thinking; `{"error":"…"}` (or `{"error":{"message":"…"}}`)
    /// fails the answer.
    public static let ollama = StreamFormat(
        name: "ollama",
        summary: #"{"model":"…","message":{"role":"assistant","content":"…"},"done":false} … "done":true per line"#,
        recognizes: { payload in
            guard let object = payload.object, object["model"] is String, object["done"] is Bool else { return false }
            return object["message"] is [String: Any] || object["response"] is String
        },
        decode: { payload in
            let object = payload.object ?? [:]
            if let error = object["error"] as? String { return [.error(error)] }
            // OpenAI-compatible servers in front of Ollama send the error as an object.
            if let error = object["error"] as? [String: Any] { return [.error(error["message"] as? String ?? "the server reported an error")] }
            let message = object["message"] as? [String: Any] ?? [:]
            var events: [DecodedEvent] = []
            if let thinking = message["thinking"] as? String ?? object["thinking"] as? String, !thinking.isEmpty {
                events.append(.thinking(thinking))
            }
            for call in message["tool_calls"] as? [[String: Any]] ?? [] {
                events.append(.toolCall((call["function"] as? [String: Any])?["name"] as? String))
            }
            if let text = message["content"] as? String ?? object["response"] as? String, !text.isEmpty { events.append(.text(text)) }
            if object["done"] as? Bool == true {
                events.append(object["done_reason"] as? String == "length" ? .error("the answer reached its length limit") : .done)
            }
            return events.isEmpty ? [.ignored] : events
        })
}
