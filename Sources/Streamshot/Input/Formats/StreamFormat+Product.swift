extension StreamFormat {
    static let productTypes: Set<String> = ["delta", "snapshot", "done", "error", "ping", "heartbeat"]

    /// The product's own events (shared/seeds/000): `{"type":"delta","content":"…"}`,
    /// `{"type":"snapshot","content":"…"}`, `{"type":"done","usage":{…}}`, `{"type":"error","message":"…"}`.
    public static let product = StreamFormat(
        name: "product",
        summary: #"{"type":"delta","content":"…"} … {"type":"done","usage":{…}} (also snapshot, error)"#,
        recognizes: { payload in
            guard let type = payload.string("type") else { return false }
            return productTypes.contains(type) && payload.object?["choices"] == nil
        },
        decode: { payload in
            guard let type = payload.string("type") else { return [.invalid("expected a \"type\" string field")] }
            switch type {
            case "delta", "snapshot":
                guard let content = payload.string("content") ?? payload.string("text") else {
                    return [.invalid("\"\(type)\" needs a \"content\" string")]
                }
                return [type == "delta" ? .text(content) : .snapshot(content)]
            case "done":
                return payload.object?["usage"] != nil ? [.skipped("usage"), .done] : [.done]
            case "error":
                return [.error(errorMessage(payload.object ?? [:]))]
            case "ping", "heartbeat":
                return [.ignored]
            default:
                return [.invalid("unknown event type \"\(type)\" (expected delta, snapshot, done or error)")]
            }
        })

    /// `message`, or `error.message`, or `error` as a string.
    static func errorMessage(_ object: [String: Any]) -> String {
        if let message = object["message"] as? String { return message }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
        if let error = object["error"] as? String { return error }
        return "stream error"
    }
}
