extension StreamFormat {
    /// The keys each format's events usually carry: what an unknown stream is compared with.
    static let typicalKeys: [String: Set<String>] = [
        "anthropic": ["type", "index", "delta", "content_block", "message", "usage"],
        "openai-responses": ["type", "delta", "item_id", "output_index", "content_index", "response", "sequence_number"],
        "gemini": ["candidates", "usageMetadata", "modelVersion", "responseId", "promptFeedback"],
        "ai-sdk": ["type", "id", "delta", "messageId", "errorText", "toolCallId", "toolName"],
        "cohere": ["type", "id", "index", "delta"],
        "ollama": ["model", "created_at", "message", "response", "done", "done_reason"],
        "openai-chat": ["id", "object", "created", "model", "choices", "usage", "system_fingerprint"],
        "polling": ["id", "content", "isComplete", "is_complete", "status", "timestamp"],
        "product": ["type", "content", "text", "usage", "message", "status"]
    ]

    /// The known format whose events share the most keys with `keys`, and those keys (nil when none shares one).
    package static func closest(toKeys keys: Set<String>) -> (name: String, shared: [String])? {
        var best: (name: String, shared: [String])?
        for format in all {
            let shared = (typicalKeys[format.name] ?? []).intersection(keys).sorted()
            if shared.count > (best?.shared.count ?? 0) { best = (format.name, shared) }
        }
        return best
    }

    /// Why a stream none of whose `count` events is of a known format is not rendered: what its
    /// first event was, and the format it most resembles.
    package static func refusal(events count: Int, firstKeys: [String]?) -> InputError {
        var message = "no event of a known format in \(count) event\(count == 1 ? "" : "s")"
        if let firstKeys {
            message += "; the first is a JSON object with keys \(firstKeys.sorted().prefix(8).joined(separator: ", "))"
            if let closest = closest(toKeys: Set(firstKeys)) {
                message += "; it most resembles \(closest.name) (shares \(closest.shared.joined(separator: ", ")))"
            }
        } else {
            message += "; the first is not a JSON object"
        }
        return InputError(
            message + ". The formats: " + all.map(\.name).joined(separator: ", ") + " (--format forces one); your own protocol: "
                + "declare where its text is with a mapping, such as --map-text /payload/chunk")
    }
}
