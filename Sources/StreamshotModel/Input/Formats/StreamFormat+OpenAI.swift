import Foundation

extension StreamFormat {
    /// OpenAI Chat Completions chunks: `choices[0].delta.content`, `finish_reason`, `data: [DONE]`.
    public static let openAIChat = StreamFormat(
        name: "openai-chat",
        summary: #"{"object":"chat.completion.chunk","choices":[{"delta":{"content":"…"}}]} … data: [DONE]"#,
        recognizes: { payload in
            payload.object?["choices"] is [Any] || payload.string("object") == "chat.completion.chunk"
        },
        decode: { payload in
            let object = payload.object ?? [:]
            if object["error"] != nil { return [failure(object)] }
            guard let choices = object["choices"] as? [[String: Any]] else {
                return [.invalid("expected a \"choices\" array")]
            }
            guard !choices.isEmpty else {
                return object["usage"] != nil ? [.skipped("usage")] : [.ignored]
            }
            // With n > 1 each choice streams under its own index: index 0 is the answer shown,
            // the others are counted, never interleaved into it.
            var events: [DecodedEvent] = choices.filter { ($0["index"] as? Int ?? 0) != 0 }.map { _ in .skipped("other-choice") }
            guard let choice = choices.first(where: { ($0["index"] as? Int ?? 0) == 0 }) else { return events }
            let delta = choice["delta"] as? [String: Any] ?? [:]
            if let content = delta["content"] as? String, !content.isEmpty { events.append(.text(content)) }
            if let parts = delta["content"] as? [[String: Any]] { events += contentParts(parts) }
            events += openAIChatTools(delta)
            events += (delta["annotations"] as? [[String: Any]] ?? []).map(openAIAnnotation)
            events += numberedSources(object)
            if let reasoning = delta["reasoning_content"] as? String ?? delta["reasoning"] as? String { events.append(.thinking(reasoning)) }
            // Groq sends its usage under `x_groq` in the finishing chunk.
            if object["usage"] is [String: Any] || (object["x_groq"] as? [String: Any])?["usage"] != nil { events.append(.skipped("usage")) }
            if let reason = choice["finish_reason"] as? String {
                // `length`: cut at the token limit, mid-answer: an interruption, as Gemini's MAX_TOKENS and Ollama's `length` are.
                switch reason {
                case "content_filter": events.append(.error("stopped by the content filter"))
                case "length": events.append(.error("the answer reached its length limit"))
                default: events.append(.done)
                }
            }
            return events.isEmpty ? [.ignored] : events
        })

    /// A delta whose `content` is a list of chunks, as Mistral's reasoning models (Magistral)
    /// stream it: `{"type":"text","text":"…"}` is text, `{"type":"thinking",…}` the model thinking.
    static func contentParts(_ parts: [[String: Any]]) -> [DecodedEvent] {
        parts.compactMap { part in
            switch part["type"] as? String {
            case "text": (part["text"] as? String).flatMap { $0.isEmpty ? nil : .text($0) }
            case "thinking": .skipped("thinking")
            default: .skipped("other")
            }
        }
    }

    /// OpenAI Responses API events: `response.output_text.delta` … `response.completed`.
    public static let openAIResponses = StreamFormat(
        name: "openai-responses",
        summary: #"event: response.output_text.delta / data: {"type":"response.output_text.delta","delta":"…"} … response.completed"#,
        recognizes: { payload in
            let type = payload.string("type") ?? payload.event
            return type.hasPrefix("response.")
        },
        decode: { payload in
            let object = payload.object ?? [:]
            let type = payload.string("type") ?? payload.event
            switch type {
            case "response.output_text.delta":
                guard let delta = object["delta"] as? String else { return [.invalid("\(type) needs a \"delta\" string")] }
                return [.text(delta)]
            case "response.output_text.annotation.added":
                guard let annotation = object["annotation"] as? [String: Any] else { return [.invalid("\(type) needs an \"annotation\" object")] }
                return [openAIAnnotation(annotation)]
            case "response.output_text.done":
                // The whole part again, after its deltas: counted, so nothing vanishes unsaid.
                return [.skipped("repeat")]
            case "response.completed":
                return [.skipped("usage"), .done]
            case "response.failed", "response.incomplete":
                let response = object["response"] as? [String: Any] ?? [:]
                let details = (response["incomplete_details"] as? [String: Any])?["reason"] as? String
                return [.error((response["error"] as? [String: Any])?["message"] as? String ?? details ?? type)]
            case "error":
                return [failure(object)]
            case "response.function_call_arguments.delta":
                return [.toolInput(object["delta"] as? String)]
            case "response.function_call_arguments.done":
                return [.toolInput]
            case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
                return [.thinking(object["delta"] as? String)]
            case "response.output_item.added", "response.output_item.done":
                return openAIResponsesItem(object["item"] as? [String: Any] ?? [:], done: type.hasSuffix(".done"))
            default:
                return [.ignored]
            }
        })

    /// A chat delta's tool calls: a call's first chunk names its function, the rest stream its
    /// arguments (the legacy `function_call` alike).
    static func openAIChatTools(_ delta: [String: Any]) -> [DecodedEvent] {
        let calls = delta["tool_calls"] as? [[String: Any]] ?? (delta["function_call"] as? [String: Any]).map { [["function": $0]] } ?? []
        return calls.map { call in
            let function = call["function"] as? [String: Any] ?? [:]
            return (function["name"] as? String).map { .toolCall($0) } ?? .toolInput
        }
    }

    /// A Responses output item starting or done: reasoning, or a tool call — a function by its
    /// name, the built-in tools (`web_search_call`, `file_search_call`, `code_interpreter_call`,
    /// …) by their type; a message starts a text block (its annotations count from its start).
    /// A web search done says its query (and its sources, when the request included them): the card's words.
    static func openAIResponsesItem(_ item: [String: Any], done: Bool) -> [DecodedEvent] {
        let type = item["type"] as? String ?? ""
        if type == "reasoning" { return done ? [.ignored] : [.thinking] }
        if type == "message" { return done ? [.ignored] : [.textBlockStart] }
        guard type.hasSuffix("_call") else { return [.ignored] }
        if done, let action = item["action"] as? [String: Any], let query = action["query"] as? String,
            let arguments = try? JSONSerialization.data(withJSONObject: ["query": query])
        {
            let sources = (action["sources"] as? [Any])?.count
            return [.toolInput(String(decoding: arguments, as: UTF8.self)), .activity(.toolResult(count: sources, error: nil))]
        }
        if done { return [.toolResult] }
        return [.toolCall(item["name"] as? String ?? String(type.dropLast("_call".count)))]
    }
}
