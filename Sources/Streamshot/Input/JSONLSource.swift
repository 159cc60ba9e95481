/// JSON Lines: one event per line with its arrival time, `{"t":120,"type":"delta","content":"..."}`
/// (or any provider format's payload with a `"t"` added).
public enum JSONLSource {
    /// - Throws: `InputError` when no line holds a usable event.
    public static func transcript(bytes: [UInt8], format: StreamFormat? = nil) throws -> Transcript {
        var decoder = UTF8StreamDecoder()
        let text = decoder.decode(bytes.droppingByteOrderMark) + decoder.finish()
        var builder = TranscriptBuilder(format: format)
        builder.warnings = decoder.invalidOffsets.map {
            RenderWarning(kind: .invalidUTF8, message: "invalid UTF-8 at byte \($0); shown as U+FFFD")
        }
        var lastTime = 0.0
        // "\r\n" is one Character, so splitting on "\n" alone would keep CRLF lines whole.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, line) in lines.enumerated() {
            let place = "line \(offset + 1)"
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let parsed = JSONObject.parse(trimmed)
            guard var object = parsed.value else {
                builder.warnings.append(RenderWarning(kind: .badLine, message: "\(place): \(parsed.error ?? "expected a JSON object"); line skipped"))
                continue
            }
            var time = lastTime
            if let t = object.removeValue(forKey: "t") as? Double, t.isFinite, t >= 0 {
                if t < lastTime {
                    builder.warnings.append(RenderWarning(kind: .timeGoesBack,
                        message: "\(place): t=\(t) is earlier than the previous line's \(lastTime); using \(lastTime)", timeMs: lastTime))
                } else {
                    time = t
                }
            } else {
                builder.warnings.append(RenderWarning(kind: .missingTime,
                    message: "\(place): expected a non-negative number \"t\" (milliseconds); using \(lastTime)", timeMs: lastTime))
            }
            lastTime = time
            if object["type"] as? String == "reconnect" {
                builder.addReconnect(object["detail"] as? String ?? "", at: time)
                continue
            }
            builder.add(EventPayload(event: object["event"] as? String ?? "", object: object), at: time, place: place)
        }
        let transcript = builder.transcript()
        guard !transcript.events.isEmpty else {
            throw InputError("no events: expected JSON Lines like {\"t\":120,\"type\":\"delta\",\"content\":\"...\"}"
                + RenderWarning.firstProblem(in: transcript.warnings))
        }
        return transcript
    }
}
