extension StreamFormat {
    /// The Vercel AI SDK's data stream protocol (v4 and earlier, what `useChat` read before v5):
    /// one part a line, `0:"text"`; `g:` reasoning; `9:`/`b:`/`c:` tool calls and `a:` their
    /// results; `2:` data and `8:` annotations; `3:"error"`; `e:` ends a step (a tool call's
    /// step is followed by more); `d:{"finishReason":…}` ends the message.
    public static let aiSDKData = StreamFormat(
        name: "ai-sdk-data",
        summary: #"0:"…" per line … e:{"finishReason":"stop",…} d:{"finishReason":"stop",…}"#,
        recognizes: { payload in
            payload.event.count == 1 && DataStreamLine.codes.contains(payload.event.first!) && payload.object?["value"] != nil
        },
        decode: { payload in
            let value = payload.object?["value"]
            switch payload.event {
            case "0":
                guard let text = value as? String else { return [.invalid("a text part (0:) needs a JSON string")] }
                return text.isEmpty ? [.ignored] : [.text(text)]
            case "g", "i", "j": return [.thinking]
            // A call (9:) or a streamed call's start (b:) names its tool; its argument deltas (c:) go on.
            case "9", "b": return [.toolCall((value as? [String: Any])?["toolName"] as? String)]
            case "c", "1": return [.toolInput]
            case "a": return [.toolResult]
            case "2": return [.skipped("data")]
            case "8": return [.skipped("annotation")]
            case "3": return [.error(value as? String ?? "error")]
            case "d": return [aiSDKDataEnding((value as? [String: Any])?["finishReason"] as? String)]
            // Step marks, sources, files, and the 3.x assistant-API parts (4-7): nothing to show.
            default: return [.ignored]
            }
        })

    /// A finish message's `finishReason` as the client ends the answer.
    static func aiSDKDataEnding(_ reason: String?) -> DecodedEvent {
        switch reason {
        case "length": return .error("the answer reached its length limit")
        case "content-filter": return .error("stopped by the content filter")
        case "error": return .error("the model stopped with an error")
        default: return .done
        }
    }
}
