extension StreamFormat {
    /// The part types of the Vercel AI SDK's UI message stream (v5), what `useChat` reads.
    static let aiSDKTypes: Set<String> = [
        "start", "finish", "start-step", "finish-step", "abort", "message-metadata",
        "text-start", "text-delta", "text-end", "reasoning-start", "reasoning-delta", "reasoning-end",
        "tool-input-start", "tool-input-delta", "tool-input-available", "tool-input-error",
        "tool-output-available", "tool-output-error", "source-url", "source-document", "file"
    ]

    /// The Vercel AI SDK's UI message stream (v5, `toUIMessageStreamResponse`): SSE events
    /// `{"type":"text-delta","id":"t0","delta":"…"}` between `text-start` and `text-end`,
    /// `reasoning-*`, `tool-*`, `error` (`errorText`), `finish`, then `data: [DONE]`. A second
    /// text part (after a tool call) starts a block of its own, as `useChat` renders each part.
    public static let aiSDK = StreamFormat(
        name: "ai-sdk",
        summary: #"data: {"type":"text-delta","id":"t0","delta":"…"} … {"type":"finish"} … data: [DONE]"#,
        recognizes: { payload in
            guard let type = payload.string("type") else { return false }
            return aiSDKTypes.contains(type) || type.hasPrefix("data-") || (type == "error" && payload.object?["errorText"] is String)
        },
        decode: { payload in
            let object = payload.object ?? [:]
            let type = payload.string("type") ?? ""
            switch type {
            case "text-delta":
                guard let delta = object["delta"] as? String else { return [.invalid("text-delta needs a \"delta\" string")] }
                return [.text(delta)]
            case "text-start": return [.textBlockStart]
            case "reasoning-start": return [.thinking]
            case "reasoning-delta": return [.thinking(object["delta"] as? String)]
            case "tool-input-start": return [.toolCall(object["toolName"] as? String)]
            case "tool-input-delta": return [.toolInput(object["inputTextDelta"] as? String)]
            case "tool-input-available": return [.toolInput]
            case "tool-output-available": return [.toolResult]
            case "tool-output-error", "tool-input-error": return [.activity(.toolResult(count: nil, error: object["errorText"] as? String ?? type))]
            case "source-url", "source-document": return [aiSDKSource(object)]
            case "error": return [.error(object["errorText"] as? String ?? "error")]
            case "abort": return [.error("the stream was aborted")]
            case "finish": return [.done]
            default: return [.ignored]
            }
        })
}
