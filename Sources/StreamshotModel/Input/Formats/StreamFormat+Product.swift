extension StreamFormat {
    static let productTypes: Set<String> = ["delta", "snapshot", "done", "complete", "error", "unauthorized", "ping", "heartbeat"]

    /// The product's own events (shared/seeds/000): `{"type":"delta","content":"…"}`,
    /// `{"type":"snapshot","content":"…"}`, `{"type":"done","usage":{…}}`, `{"type":"error","message":"…"}`;
    /// shared/seeds/003's `{"type":"complete"}` (its done) and `{"type":"error","content":"…"}`;
    /// a revoked session (000: "a `401` event and stream termination") as `{"type":"error","status":401}`
    /// or `{"type":"unauthorized"}`.
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
            case "done", "complete":
                return payload.object?["usage"] != nil ? [.skipped("usage"), .done] : [.done]
            case "error", "unauthorized":
                let object = payload.object ?? [:]
                return [type == "unauthorized" ? .unauthorized(errorMessage(object)) : failure(object)]
            case "ping", "heartbeat":
                return [.ignored]
            default:
                return [.invalid("unknown event type \"\(type)\" (expected delta, snapshot, done, complete, error or unauthorized)")]
            }
        })

    /// `message`, or `error.message`, or `error` as a string, or 003's `content`.
    static func errorMessage(_ object: [String: Any]) -> String {
        if let message = object["message"] as? String { return message }
        if let content = object["content"] as? String, !content.isEmpty { return content }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
        if let error = object["error"] as? String { return error }
        return "stream error"
    }

    /// An error event as the stream's end: unauthorized when it says so, else an error.
    package static func failure(_ object: [String: Any]) -> DecodedEvent {
        isUnauthorized(object) ? .unauthorized(errorMessage(object)) : .error(errorMessage(object))
    }

    /// An error object that says the session is not authorised: HTTP status 401 (`status`,
    /// `code` or `error.status`), or the providers' `authentication_error` / `invalid_api_key` types.
    static func isUnauthorized(_ object: [String: Any]) -> Bool {
        let error = object["error"] as? [String: Any] ?? [:]
        let statuses = [object["status"], object["code"], error["status"], error["code"]].compactMap { $0 as? Double }
        let types = [object["type"], error["type"], error["code"]].compactMap { $0 as? String }
        return statuses.contains(401) || types.contains { ["authentication_error", "invalid_api_key", "unauthorized"].contains($0) }
    }
}
