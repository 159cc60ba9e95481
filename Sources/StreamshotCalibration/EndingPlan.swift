public import Streamshot

/// How a clean render's stream ends: as recorded (`done`), or cut after 60% of its text by what
/// a real connection brings — the server's error, a revoked session (401), silence until the
/// client's timeout, a drop that no reconnect recovers (`gave-up`), or a drop the client
/// reconnects through and then goes on. (A reader's stop and leaving the conversation end it
/// too: those are `ReaderScript`s.)
public enum EndingPlan: String, CaseIterable, Sendable {
    case done, error, timeout
    case gaveUp = "gave-up"
    case unauthorized
    case reconnectThenResume = "reconnect-then-resume"

    /// The client's timeout a `timeout` plan renders with (a short one: the stream goes quiet and
    /// the frames up to the timeout are what is judged), as `--timeout-ms`.
    public static let timeoutMs = 4000

    /// `transcript` ended this way.
    public func apply(to transcript: Transcript) -> Transcript {
        guard self != .done else { return transcript }
        var ended = transcript
        let cut = Self.cutIndex(transcript.events)
        let kept = transcript.events[..<cut].filter { !$0.kind.endsStream }
        let last = kept.last?.timeMs ?? 0
        switch self {
        case .done: break
        case .error: ended.events = kept + [StreamEvent(timeMs: last + 400, kind: .error("upstream failed"))]
        case .unauthorized: ended.events = kept + [StreamEvent(timeMs: last + 400, kind: .unauthorized("HTTP 401"))]
        case .timeout: ended.events = kept
        case .gaveUp: ended.events = kept + [StreamEvent(timeMs: last + 400, kind: .reconnect("lost"))]
        case .reconnectThenResume:
            // The rest arrives 1.5 s later, over the new connection, as it was sent.
            let rest = transcript.events[cut...].map { StreamEvent(timeMs: $0.timeMs + 1500, kind: $0.kind) }
            ended.events = Array(kept) + [StreamEvent(timeMs: last + 1, kind: .reconnect("resumed with Last-Event-ID"))] + rest
        }
        return ended
    }

    /// The index of the first event past 60% of the stream's text (all of it: the end). A
    /// snapshot replaces the text so far; a delta adds to it.
    static func cutIndex(_ events: [StreamEvent]) -> Int {
        let lengths = events.reduce(into: [Int]()) { lengths, event in
            let before = lengths.last ?? 0
            switch event.kind {
            case .delta(let text): lengths.append(before + text.unicodeScalars.count)
            case .snapshot(let text): lengths.append(text.unicodeScalars.count)
            default: lengths.append(before)
            }
        }
        guard let total = lengths.last, total > 0 else { return events.count }
        return (lengths.firstIndex { $0 * 10 >= total * 6 } ?? events.count - 1) + 1
    }
}

extension StreamEvent.Kind {
    /// The event ends the stream: a cut stream drops it (a reconnect in its kept part stays).
    var endsStream: Bool {
        switch self {
        case .done, .error, .unauthorized: return true
        default: return false
        }
    }
}
