/// A captured Server-Sent Events stream. Arrival times come from `: t=<ms>` comment lines,
/// each stamping the bytes after it; a capture without stamps is timed by a network profile.
public enum SSESource {
    /// - Throws: `InputError` when the bytes hold no event at all.
    public static func transcript(bytes: [UInt8], network: NetworkProfile, seed: UInt64) throws -> Transcript {
        var parser = SSEParser()
        var outputs = parser.feed(bytes)
        let ending = parser.finish()
        outputs += ending.outputs
        var warnings: [RenderWarning] = parser.invalidUTF8Lines.map {
            RenderWarning(kind: "invalid-utf8", message: "SSE line \($0) is not valid UTF-8; shown with U+FFFD")
        }
        if ending.discardedPartialEvent {
            warnings.append(RenderWarning(kind: "unterminated-event",
                message: "the stream ends inside an event with no blank line after it; per the SSE standard it is not dispatched"))
        }
        var time: Double?
        var timed: [(time: Double?, event: SSEEvent)] = []
        for output in outputs {
            switch output {
            case .comment(let text):
                if let stamp = arrivalStamp(text) { time = stamp }
            case .event(let event):
                timed.append((time, event))
            case .retry:
                break
            }
        }
        guard !timed.isEmpty else {
            throw InputError("no SSE events: expected lines like `data: {\"type\":\"delta\",\"content\":\"...\"}` followed by a blank line")
        }
        let times = timed.contains { $0.time != nil }
            ? timed.map { $0.time ?? 0 }
            : synthesizedTimes(for: timed.map(\.event), network: network, seed: seed)
        var events: [StreamEvent] = []
        for (index, item) in timed.enumerated() {
            switch ProductEventFormat.decode(item.event.data) {
            case .event(let kind): events.append(StreamEvent(timeMs: times[index], kind: kind))
            case .ignored: break
            case .invalid(let reason):
                let id = item.event.lastEventId.isEmpty ? "" : " (id \(item.event.lastEventId))"
                warnings.append(RenderWarning(kind: "bad-event",
                    message: "SSE event \(index + 1)\(id): \(reason); event skipped", timeMs: times[index]))
            }
        }
        return Transcript(events: events, warnings: warnings)
    }

    /// The time in a `: t=<ms>` comment, if it is one.
    static func arrivalStamp(_ comment: String) -> Double? {
        let text = comment.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("t=") else { return nil }
        guard let value = Double(text.dropFirst(2)), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// One arrival time per event, grouping events into network deliveries.
    private static func synthesizedTimes(for events: [SSEEvent], network: NetworkProfile, seed: UInt64) -> [Double] {
        // One single-byte piece per event: the profile decides which events arrive together.
        let pieces = events.indices.map { [UInt8(truncatingIfNeeded: $0)] }
        var times: [Double] = []
        for chunk in network.deliver(pieces, seed: seed) {
            times += Array(repeating: chunk.timeMs, count: chunk.bytes.count)
        }
        return times
    }
}
