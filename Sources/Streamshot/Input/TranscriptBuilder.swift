/// Collects decoded events into a transcript: text and control events in order, warnings that
/// name where each problem was, and counts of what was skipped.
struct TranscriptBuilder {
    var detector: FormatDetector
    private(set) var events: [StreamEvent] = []
    var warnings: [RenderWarning] = []
    private var skipped: [String: Int] = [:]

    init(format: StreamFormat? = nil) {
        detector = FormatDetector(format: format)
    }

    /// Decodes one payload that arrived at `timeMs`; `place` names it in warnings ("line 3", "SSE event 2 (id 7)").
    mutating func add(_ payload: EventPayload, at timeMs: Double, place: String) {
        for decoded in detector.decode(payload) {
            switch decoded {
            case .text(let text): events.append(StreamEvent(timeMs: timeMs, kind: .delta(text)))
            case .snapshot(let text): events.append(StreamEvent(timeMs: timeMs, kind: .snapshot(text)))
            case .done: events.append(StreamEvent(timeMs: timeMs, kind: .done))
            case .error(let message): events.append(StreamEvent(timeMs: timeMs, kind: .error(message)))
            case .skipped(let category): skipped[category, default: 0] += 1
            case .ignored: break
            case .invalid(let reason):
                warnings.append(RenderWarning(kind: .badEvent, message: "\(place): \(reason); skipped", timeMs: timeMs))
            }
        }
    }

    mutating func addReconnect(_ detail: String, at timeMs: Double) {
        events.append(StreamEvent(timeMs: timeMs, kind: .reconnect(detail)))
    }

    func transcript() -> Transcript {
        Transcript(events: events, warnings: warnings, skipped: skipped, format: detector.format?.name)
    }
}
