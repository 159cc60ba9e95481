extension Transcript {
    /// The transcript as a render takes it: events after `limits.maxDurationMs` cut, each line and
    /// code block cut to its limit, NULs replaced; a warning names each cut.
    public func limited(by limits: StreamLimits) -> Transcript {
        var result = self
        var limiter = TextLimiter(limits: limits)
        var lossWarnings = KeyedWarnings()
        var kept: [StreamEvent] = []
        var late: [StreamEvent] = []
        for event in events {
            guard event.timeMs <= limits.maxDurationMs else {
                late.append(event)
                continue
            }
            switch event.kind {
            case .delta(let text):
                let text = limiter.take(text)
                if !text.isEmpty { kept.append(StreamEvent(timeMs: event.timeMs, kind: .delta(text))) }
            case .snapshot(let text):
                // A snapshot is the whole text again: limited from its start, warnings merged by offset.
                lossWarnings.add(limiter.warnings)
                limiter = TextLimiter(limits: limits)
                kept.append(StreamEvent(timeMs: event.timeMs, kind: .snapshot(limiter.take(text))))
            case .error(let message):
                kept.append(StreamEvent(timeMs: event.timeMs, kind: .error(message.replacingNul)))
            case .unauthorized(let message):
                kept.append(StreamEvent(timeMs: event.timeMs, kind: .unauthorized(message.replacingNul)))
            case .activity(.toolStarted(let name)):
                let (shown, warnings) = ToolName.sanitized(name, limits: limits, timeMs: event.timeMs)
                result.warnings += warnings
                kept.append(StreamEvent(timeMs: event.timeMs, kind: .activity(.toolStarted(shown))))
            case .done, .reconnect, .activity, .citation:
                kept.append(event)
            }
        }
        Self.appendTail(limiter.finish(), to: &kept)
        lossWarnings.add(limiter.warnings)
        result.events = kept
        result.warnings += lossWarnings.values + (Self.lateWarning(late, limits: limits).map { [$0] } ?? [])
        // A trace's records past the limit are dropped with its events: none of them drives the clock.
        let recordCount = result.clientTrace?.records.count ?? 0
        result.clientTrace?.records.removeAll { $0.timeMs > limits.maxDurationMs }
        let lateRecords = recordCount - (result.clientTrace?.records.count ?? 0)
        if late.isEmpty, lateRecords > 0 {
            result.warnings.append(
                RenderWarning(
                    kind: .streamTooLong,
                    message:
                        "\(lateRecords) client-trace record(s) come after the \(JSONText.number(limits.maxDurationMs / 1000))-second stream limit and are "
                        + "not replayed (raise it with --max-duration)",
                    timeMs: limits.maxDurationMs))
        }
        return result
    }

    /// Text released only at the end (a closing fence without its newline) goes after the last text.
    private static func appendTail(_ tail: String, to events: inout [StreamEvent]) {
        guard !tail.isEmpty else { return }
        let last = events.lastIndex { if case .delta = $0.kind { true } else if case .snapshot = $0.kind { true } else { false } }
        let at = last.map { $0 + 1 } ?? events.count
        events.insert(StreamEvent(timeMs: at > 0 ? events[at - 1].timeMs : 0, kind: .delta(tail)), at: at)
    }

    private static func lateWarning(_ late: [StreamEvent], limits: StreamLimits) -> RenderWarning? {
        guard let first = late.first else { return nil }
        let characters = late.reduce(0) { count, event in
            switch event.kind {
            case .delta(let text), .snapshot(let text): count + text.unicodeScalars.count
            default: count
            }
        }
        return RenderWarning(
            kind: .streamTooLong,
            message:
                "\(late.count) event(s) holding \(characters) characters arrive after the \(JSONText.number(limits.maxDurationMs / 1000))-second stream "
                + "limit (the first at t=\(JSONText.number(first.timeMs)) ms) and are not replayed (raise it with --max-duration)",
            timeMs: limits.maxDurationMs)
    }
}

/// Warnings kept once per kind and offset, the latest winning (a polling stream repeats the same
/// over-long line in every snapshot, each time a little longer).
private struct KeyedWarnings {
    private var order: [String] = []
    private var byKey: [String: RenderWarning] = [:]

    mutating func add(_ warnings: [RenderWarning]) {
        for warning in warnings {
            let key = "\(warning.kind.rawValue)@\(warning.offset ?? -1)"
            if byKey[key] == nil { order.append(key) }
            byKey[key] = warning
        }
    }

    var values: [RenderWarning] { order.compactMap { byKey[$0] } }
}

extension String {
    /// NUL ends a C string: shown as U+FFFD instead.
    var replacingNul: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}
