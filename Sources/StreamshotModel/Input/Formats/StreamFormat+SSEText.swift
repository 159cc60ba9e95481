extension StreamFormat {
    /// Server-Sent Events whose `data:` lines are the answer's text itself, as many in-house
    /// backends stream it (`data: Hello` … `data: [DONE]`). Never detected from a first event
    /// (any text would match): an SSE stream none of whose events is JSON is read this way, with
    /// a warning that says so. An event's data lines are joined by line breaks, as SSE defines.
    public static let sseText = StreamFormat(
        name: "sse-text",
        summary: "data: plain text … data: [DONE] (each event's data is text; read when no event is JSON)",
        recognizes: { payload in payload.object == nil },
        decode: { payload in
            switch payload.data {
            case "[DONE]": return [.done]
            case "": return [.ignored]
            default: return [.text(payload.data)]
            }
        },
        readsPlainData: true)
}
