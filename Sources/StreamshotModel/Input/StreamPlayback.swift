/// Applies a transcript's events to the arrived text as the frame clock passes them.
package struct StreamPlayback {
    private var events: [StreamEvent]
    private var next = 0
    package private(set) var text = ArrivedText()
    private(set) var firstArrivalMs: Double?
    private(set) var errorMessage: String?
    /// The stream ended on a 401.
    package private(set) var unauthorized = false
    /// Between a dropped connection and the next text: the replay shows a reconnecting badge.
    private(set) var isReconnecting = false
    /// When the connection last dropped, while reconnecting.
    private(set) var droppedAtMs: Double?
    /// What applying the events found; `warnings` adds the missing done.
    private var applyWarnings: [RenderWarning] = []
    /// Reasoning and tool calls: the last event of either counts as a sign of life (`lastEventMs`).
    package private(set) var activity = ArrivedActivity()
    /// Something other than white space has arrived: a tool called from now on is called inside the answer.
    private var hasVisibleText = false
    private(set) var lastEventMs: Double?
    /// The citations and sources arrived so far, in order.
    private(set) var citations: [Citation] = []
    /// Every event is applied and none said done or error.
    private(set) var exhausted = false
    /// The time after which nothing more arrives.
    package private(set) var endMs: Double
    /// The stream has no done, error or 401.
    private var endsWithoutTerminal: Bool
    /// The link as a client measures it, when the input was timed by a network profile.
    let conditions: NetworkConditions?

    package init(_ transcript: Transcript) {
        events = transcript.events
        conditions = transcript.network.flatMap { NetworkProfile.named($0.profile)?.conditions }
        (endMs, endsWithoutTerminal) = Self.end(of: events)
    }

    /// The same stream, longer: a live input read again after more arrived. Its first events
    /// are the ones already applied (what arrived does not change).
    package mutating func take(_ transcript: Transcript) {
        events = transcript.events
        (endMs, endsWithoutTerminal) = Self.end(of: events)
    }

    package var warnings: [RenderWarning] {
        guard endsWithoutTerminal else { return applyWarnings }
        return [
            RenderWarning(
                kind: .missingDone,
                message:
                    "the stream ends without a done event (its last event at t=\(JSONText.number(endMs, places: 0)) ms); the client's timeout, if it has "
                    + "one, ends it (manifest ending)", timeMs: endMs)
        ]
            + applyWarnings
    }

    private static func end(of events: [StreamEvent]) -> (endMs: Double, withoutTerminal: Bool) {
        let terminal = events.lastIndex { event in
            if case .done = event.kind { return true }
            if case .error = event.kind { return true }
            if case .unauthorized = event.kind { return true }
            return false
        }
        return (terminal.map { events[$0].timeMs } ?? events.last?.timeMs ?? 0, terminal == nil)
    }

    /// Applies every event up to `timeMs`.
    /// - Returns: what has arrived by then, for the client model.
    package mutating func advance(to timeMs: Double) -> Arrivals {
        let rewrittenFrom = applyEvents(upTo: timeMs)
        return Arrivals(
            text: text, firstArrivalMs: firstArrivalMs, errorMessage: errorMessage,
            isReconnecting: isReconnecting, rewrittenFrom: rewrittenFrom, lastEventMs: lastEventMs, exhausted: exhausted,
            unauthorized: unauthorized, droppedAtMs: isReconnecting ? droppedAtMs : nil, conditions: conditions,
            activity: activity, citations: citations)
    }

    /// - Returns: the offset from which earlier text was rewritten, if a snapshot rewrote it.
    private mutating func applyEvents(upTo timeMs: Double) -> Int? {
        var rewriteOffset: Int?
        while next < events.count, events[next].timeMs <= timeMs, !text.ended {
            let event = events[next]
            next += 1
            lastEventMs = event.timeMs
            switch event.kind {
            case .delta(let delta):
                isReconnecting = false
                noteArrival(delta, at: event.timeMs)
                text.append(delta)
            case .snapshot(let snapshot):
                isReconnecting = false
                let scalars = Array(snapshot.unicodeScalars)
                if scalars.starts(with: text.scalars) {
                    let added = String(String.UnicodeScalarView(scalars[text.count...]))
                    noteArrival(added, at: event.timeMs)
                    text.append(added)
                } else {
                    let common = zip(scalars, text.scalars).prefix { $0 == $1 }.count
                    applyWarnings.append(
                        RenderWarning(
                            kind: .rewrite,
                            message:
                                "snapshot at t=\(JSONText.number(event.timeMs, places: 0)) ms rewrote text shown from character \(common); replaced it",
                            timeMs: event.timeMs))
                    text.replace(with: snapshot)
                    rewriteOffset = min(rewriteOffset ?? common, common)
                }
            case .activity(let kind):
                isReconnecting = false
                activity.apply(kind, at: event.timeMs, textCount: hasVisibleText ? text.count : nil)
            case .citation(let citation):
                citations.append(citation)
            case .done:
                isReconnecting = false
                text.ended = true
            case .reconnect(let detail):
                if !isReconnecting { droppedAtMs = event.timeMs }
                isReconnecting = true
                applyWarnings.append(
                    RenderWarning(
                        kind: .reconnect,
                        message: "the connection dropped at t=\(JSONText.number(event.timeMs, places: 0)) ms and was "
                            + "resumed\(detail.isEmpty ? "" : " (\(detail))")", timeMs: event.timeMs))
            case .unauthorized(let message):
                isReconnecting = false
                errorMessage = message
                unauthorized = true
                applyWarnings.append(
                    RenderWarning(
                        kind: .streamError,
                        message: "the session was revoked at t=\(JSONText.number(event.timeMs, places: 0)) ms (401): \(message)", timeMs: event.timeMs
                    ))
                text.ended = true
                text.cut = true
            case .error(let message):
                isReconnecting = false
                errorMessage = message
                applyWarnings.append(
                    RenderWarning(
                        kind: .streamError,
                        message: "the stream reported an error at t=\(JSONText.number(event.timeMs, places: 0)) ms: \(message)", timeMs: event.timeMs)
                )
                text.ended = true
                text.cut = true
            }
        }
        if text.ended { activity.ended(at: lastEventMs ?? timeMs) }
        exhausted = next == events.count && timeMs >= endMs && !text.ended
        return rewriteOffset
    }

    private mutating func noteArrival(_ text: String, at timeMs: Double) {
        guard !text.isEmpty else { return }
        if !hasVisibleText { hasVisibleText = text.unicodeScalars.contains { !$0.properties.isWhitespace } }
        if firstArrivalMs == nil { firstArrivalMs = timeMs }
        activity.textArrived(at: timeMs)
    }
}
