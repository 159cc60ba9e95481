import Foundation

/// JSON Lines: one event per line with its arrival time, `{"t":120,"type":"delta","content":"..."}`
/// (or any provider format's payload with a `"t"` added). NDJSON as a server sends it — no line
/// with a `t`, Ollama's for one — is timed by the network profile, as unstamped SSE is.
public enum JSONLSource {
    /// - Parameters:
    ///   - network: times the lines when none carries a `t`; nil: such lines arrive at 0, with a warning each.
    /// - Throws: `InputError` when no line holds a usable event.
    ///   - refusesUnknown: none of its events of a known format is an `InputError` (not while a live stream arrives).
    public static func transcript(
        bytes: [UInt8], format: StreamFormat? = nil, network: NetworkProfile? = nil,
        seed: UInt64 = 1, refusesUnknown: Bool = true
    ) throws -> Transcript {
        var decoder = UTF8StreamDecoder()
        let text = decoder.decode(bytes.droppingByteOrderMark) + decoder.finish()
        var builder = TranscriptBuilder(format: format)
        builder.warnings = decoder.invalidOffsets.map {
            RenderWarning(kind: .invalidUTF8, message: "invalid UTF-8 at byte \($0); shown as U+FFFD")
        }
        let records = objects(in: text, warnings: &builder.warnings)
        // A declared mapping's time pointer times the events; else their `t`; else the network.
        var mappedClock = format?.mapping?.time.map { MappedClock(pointer: $0) }
        let unstamped = network.flatMap { network in
            mappedClock != nil || records.contains { $0.object["t"] is Double } ? nil : network.arrivalTimes(ofEvents: records.count, seed: seed)
        }
        var lastTime = 0.0
        for (index, record) in records.enumerated() {
            var object = record.object
            let time =
                unstamped?[index]
                ?? mappedClock?.time(of: object, place: record.place, warnings: &builder.warnings)
                ?? stampedTime(&object, place: record.place, after: lastTime, warnings: &builder.warnings)
            lastTime = time
            if object["type"] as? String == "reconnect" {
                builder.addReconnect(object["detail"] as? String ?? "", at: time)
                continue
            }
            builder.add(EventPayload(event: record.event ?? object["event"] as? String ?? "", object: object), at: time, place: record.place)
        }
        if refusesUnknown, let refusal = builder.refusal { throw refusal }
        var transcript = builder.transcript()
        transcript.carriesTimes = unstamped == nil
        guard !transcript.events.isEmpty else {
            throw InputError(
                "no events: expected JSON Lines like {\"t\":120,\"type\":\"delta\",\"content\":\"...\"}"
                    + RenderWarning.firstProblem(in: transcript.warnings))
        }
        return transcript
    }

    /// Each line's JSON object with its place; a line that is not one is a warning, unless it is a
    /// part of the AI SDK's data stream (`0:"…"`: its code is the event, its value the object's
    /// `"value"`). A text that is
    /// one JSON array of objects (what Gemini's `streamGenerateContent` returns without
    /// `alt=sse`) gives its elements, in order.
    private static func objects(in text: String, warnings: inout [RenderWarning]) -> [Record] {
        if let (array, closed, unreadable) = JSONArrayElements.read(text) {
            if unreadable > 0 {
                warnings.append(RenderWarning(kind: .badLine, message: "\(unreadable) element(s) of the JSON array do not parse as JSON; skipped"))
            }
            // Cut short (a capture that stopped mid-answer): the elements that arrived whole, and a word.
            if !closed {
                warnings.append(
                    RenderWarning(
                        kind: .badLine,
                        message: "the JSON array ends before it closes (was the capture cut short?): "
                            + "\(array.count) whole element(s) read, the rest skipped"))
            }
            return array.enumerated().compactMap { offset, element in
                guard let object = element as? [String: Any] else {
                    warnings.append(RenderWarning(kind: .badLine, message: "element \(offset + 1): expected a JSON object; skipped"))
                    return nil
                }
                return Record(place: "element \(offset + 1)", object: object)
            }
        }
        // "\r\n" is one Character, so splitting on "\n" alone would keep CRLF lines whole.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        var records: [Record] = []
        for (offset, line) in lines.enumerated() {
            let place = "line \(offset + 1)"
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let parsed = JSONObject.parse(trimmed)
            // `record`'s comments in a JSON Lines capture (its request, how it ended): not events.
            if parsed.value?["streamshot"] is String { continue }
            if parsed.value == nil, let part = DataStreamLine.payload(trimmed[...]) {
                records.append(Record(place: place, object: part.object ?? [:], event: part.event))
                continue
            }
            guard let object = parsed.value else {
                warnings.append(RenderWarning(kind: .badLine, message: "\(place): \(parsed.error ?? "expected a JSON object"); line skipped"))
                continue
            }
            records.append(Record(place: place, object: object))
        }
        return records
    }

    /// One line's (or array element's) event: where it is, its object, and the event name a data
    /// stream part carries in its code.
    private struct Record {
        var place: String
        var object: [String: Any]
        var event: String?
    }

    /// The line's `t` (taken out of it), never earlier than the line before's.
    private static func stampedTime(
        _ object: inout [String: Any], place: String, after lastTime: Double,
        warnings: inout [RenderWarning]
    ) -> Double {
        guard let t = object.removeValue(forKey: "t") as? Double, t.isFinite, t >= 0 else {
            warnings.append(
                RenderWarning(
                    kind: .missingTime,
                    message: "\(place): expected a non-negative number \"t\" (milliseconds); using \(lastTime)", timeMs: lastTime))
            return lastTime
        }
        guard t >= lastTime else {
            warnings.append(
                RenderWarning(
                    kind: .timeGoesBack,
                    message: "\(place): t=\(t) is earlier than the previous line's \(lastTime); using \(lastTime)", timeMs: lastTime))
            return lastTime
        }
        return t
    }
}
