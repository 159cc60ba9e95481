/// Our line format: one JSON object per line, `{"t":120,"type":"delta","content":"..."}`.
public enum JSONLSource {
    /// - Throws: `InputError` when no line holds a usable event.
    public static func transcript(bytes: [UInt8]) throws -> Transcript {
        var decoder = UTF8StreamDecoder()
        let text = decoder.decode(bytes) + decoder.finish()
        var warnings = decoder.invalidOffsets.map {
            RenderWarning(kind: "invalid-utf8", message: "invalid UTF-8 at byte \($0); shown as U+FFFD")
        }
        var events: [StreamEvent] = []
        var lastTime = 0.0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let object: [String: Any]
            switch ProductEventFormat.parseObject(String(trimmed)) {
            case .success(let parsed): object = parsed
            case .failure(let error):
                warnings.append(RenderWarning(kind: "bad-line", message: "line \(lineNumber): \(error.message); line skipped"))
                continue
            }
            var time = lastTime
            if let t = object["t"] as? Double, t.isFinite, t >= 0 {
                if t < lastTime {
                    warnings.append(RenderWarning(kind: "time-goes-back",
                        message: "line \(lineNumber): t=\(t) is earlier than the previous line's \(lastTime); using \(lastTime)", timeMs: lastTime))
                } else {
                    time = t
                }
            } else {
                warnings.append(RenderWarning(kind: "missing-time",
                    message: "line \(lineNumber): expected a non-negative number \"t\" (milliseconds); using \(lastTime)", timeMs: lastTime))
            }
            lastTime = time
            switch ProductEventFormat.decode(object) {
            case .event(let kind): events.append(StreamEvent(timeMs: time, kind: kind))
            case .ignored: break
            case .invalid(let reason):
                warnings.append(RenderWarning(kind: "bad-event", message: "line \(lineNumber): \(reason); line skipped", timeMs: time))
            }
        }
        guard !events.isEmpty else {
            throw InputError("no events: expected JSON Lines like {\"t\":120,\"type\":\"delta\",\"content\":\"...\"}"
                + (warnings.first.map { " (first problem: \($0.message))" } ?? ""))
        }
        return Transcript(events: events, warnings: warnings)
    }
}
