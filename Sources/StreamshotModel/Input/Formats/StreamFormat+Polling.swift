extension StreamFormat {
    /// Cumulative-snapshot polling (shared/seeds/001): each poll returns the whole message so far,
    /// `{"id":"…","content":"…","isComplete":false}`, about every 2 s. A poll that failed —
    /// `{"error":"…"}` with no content — is transient: 001 logs it and keeps polling ("Don't stop
    /// polling on transient errors"), so it is counted (`skipped.poll-error`) and the stream goes
    /// on; a message whose `status` is `error` or `failed` is the answer failing, and ends it.
    public static let polling = StreamFormat(
        name: "polling",
        summary: #"{"content":"<the whole message so far>","isComplete":false} per poll (every ~2 s)"#,
        recognizes: { payload in
            guard let object = payload.object, object["type"] == nil, object["content"] is String else { return false }
            return object["isComplete"] != nil || object["is_complete"] != nil || object["status"] != nil
        },
        decode: { payload in
            let object = payload.object ?? [:]
            guard let content = object["content"] as? String else {
                return object["error"] != nil ? [.skipped("poll-error")] : [.invalid("a poll needs a \"content\" string")]
            }
            let status = object["status"] as? String
            if status == "error" || status == "failed" {
                return [
                    .snapshot(content),
                    isUnauthorized(object)
                        ? .unauthorized(object["error"] as? String ?? "unauthorized")
                        : .error(object["error"] as? String ?? "the poll reported status \(status!)")
                ]
            }
            let complete = (object["isComplete"] as? Bool) ?? (object["is_complete"] as? Bool) ?? (status == "complete" || status == "completed")
            return complete ? [.snapshot(content), .done] : [.snapshot(content)]
        })
}
