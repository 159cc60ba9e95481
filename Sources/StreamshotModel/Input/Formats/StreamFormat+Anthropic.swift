extension StreamFormat {
    static let anthropicTypes: Set<String> = [
        "message_start", "content_block_start", "content_block_delta", "content_block_stop",
        "message_delta", "message_stop", "ping"
    ]

    /// Anthropic Messages events: `message_start`, `content_block_delta` with `text_delta`, `ping`,
    /// `message_delta`, `message_stop`, `error`.
    public static let anthropic = StreamFormat(
        name: "anthropic",
        summary: #"event: content_block_delta / data: {"type":"content_block_delta","delta":{"type":"text_delta","text":"…"}} … message_stop"#,
        recognizes: { payload in
            let type = payload.string("type") ?? payload.event
            if anthropicTypes.contains(type) { return true }
            return type == "error" && payload.object?["error"] is [String: Any]
        },
        decode: { payload in
            let object = payload.object ?? [:]
            let type = payload.string("type") ?? payload.event
            switch type {
            case "content_block_delta":
                let delta = object["delta"] as? [String: Any] ?? [:]
                switch delta["type"] as? String {
                case "text_delta":
                    guard let text = delta["text"] as? String else { return [.invalid("text_delta needs a \"text\" string")] }
                    return [.text(text)]
                case "input_json_delta": return [.toolInput(delta["partial_json"] as? String)]
                case "citations_delta":
                    guard let citation = delta["citation"] as? [String: Any] else { return [.invalid("citations_delta needs a \"citation\" object")] }
                    return [anthropicCitation(citation)]
                case "thinking_delta": return [.thinking(delta["thinking"] as? String)]
                case "signature_delta": return [.thinking]
                default: return [.skipped("other")]
                }
            case "content_block_start":
                let block = object["content_block"] as? [String: Any] ?? [:]
                if let activity = anthropicActivity(block) { return [activity] + anthropicSearchResults(block) }
                guard block["type"] as? String == "text" else { return [.ignored] }
                let text = block["text"] as? String ?? ""
                // A block that may carry citations is a piece of the sentence around it.
                let start: DecodedEvent = block.keys.contains("citations") ? .textBlockContinues : .textBlockStart
                return text.isEmpty ? [start] : [start, .text(text)]
            case "message_delta":
                return object["usage"] != nil ? [.skipped("usage")] : [.ignored]
            case "content_block_stop":
                return [.blockEnd]
            case "message_stop":
                return [.done]
            case "error":
                return [failure(object)]
            default:
                return [.ignored]
            }
        })

    /// A web search's results (`web_search_tool_result`): the sources the answer may use, tied to no words yet.
    static func anthropicSearchResults(_ block: [String: Any]) -> [DecodedEvent] {
        guard block["type"] as? String == "web_search_tool_result", let results = block["content"] as? [[String: Any]] else { return [] }
        return results.compactMap { result in
            guard let url = result["url"] as? String else { return nil }
            return .citation(CitationRead(.none, source: CitationSource(title: result["title"] as? String ?? "", url: url)))
        }
    }

    /// A content block that is reasoning or a tool: `thinking` and `redacted_thinking`;
    /// `tool_use`, `server_tool_use` (web search, code execution) and `mcp_tool_use` by name;
    /// a server tool's `…_tool_result` ends the call.
    static func anthropicActivity(_ block: [String: Any]) -> DecodedEvent? {
        let type = block["type"] as? String ?? ""
        switch type {
        case "thinking", "redacted_thinking": return .thinking
        case "tool_use", "server_tool_use", "mcp_tool_use": return .toolCall(block["name"] as? String)
        default:
            guard type.hasSuffix("_tool_result") else { return nil }
            // A server tool's result: a list of results, or an error object (`…_tool_result_error`).
            if let results = block["content"] as? [Any] { return .activity(.toolResult(count: results.count, error: nil)) }
            if let failure = block["content"] as? [String: Any], let code = failure["error_code"] as? String {
                return .activity(.toolResult(count: nil, error: code))
            }
            return .toolResult
        }
    }
}
