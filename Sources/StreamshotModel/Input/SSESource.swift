/// A captured Server-Sent Events stream. Arrival times come from `: t=<ms>` comment lines,
/// each stamping the bytes after it; a capture without stamps is timed by a network profile.
/// `: reconnect …` comments (written by `streamshot record`) mark dropped connections.
/// `CaptureComment` reads both.
public enum SSESource {
    /// One dispatched event with its arrival time (nil when the capture has no stamps).
    public struct TimedEvent: Equatable, Sendable {
        public var timeMs: Double?
        public var event: SSEEvent
    }

    /// What a capture holds: its events and reconnect marks in order, and problems of the stream itself.
    public struct Capture: Sendable {
        public enum Item: Equatable, Sendable {
            case event(TimedEvent)
            case reconnect(detail: String, timeMs: Double?)
            /// The recording ended on HTTP 401 (`: end unauthorized …`).
            case unauthorized(timeMs: Double?)
        }
        public var items: [Item]
        public var warnings: [RenderWarning]
        public var hasStamps: Bool
    }

    /// Parses the capture's bytes (no payload decoding).
    public static func capture(bytes: [UInt8]) -> Capture {
        var parser = SSEParser()
        var reader = CaptureReader()
        var outputs = parser.feed(bytes)
        let ending = parser.finish()
        outputs += ending.outputs
        let items = reader.read(outputs)
        var warnings: [RenderWarning] = parser.invalidUTF8Lines.map {
            RenderWarning(kind: .invalidUTF8, message: "SSE line \($0) is not valid UTF-8; shown with U+FFFD")
        }
        if ending.discardedPartialEvent {
            warnings.append(
                RenderWarning(
                    kind: .unterminatedEvent,
                    message: "the stream ends inside an event with no blank line after it; per the SSE standard it is not dispatched"))
        }
        return Capture(items: items, warnings: warnings + reader.warnings + reader.clock.warnings, hasStamps: reader.clock.time != nil)
    }

    /// Reads the parser's outputs into a capture's items as they come: stamps set the clock,
    /// `record`'s comments become reconnects and endings. Fed a whole capture at once, or a live
    /// stream's outputs as they arrive.
    struct CaptureReader {
        fileprivate var clock = StampClock()
        /// Problems found in comments (an `invalid-utf8` comment `record` wrote).
        package private(set) var warnings: [RenderWarning] = []

        package init() {}

        /// The items `outputs` give, in order.
        package mutating func read(_ outputs: [SSEParser.Output]) -> [Capture.Item] {
            var items: [Capture.Item] = []
            for output in outputs {
                switch output {
                case .comment(let text, let line):
                    switch CaptureComment(parsing: text) {
                    case .arrival(let ms)?:
                        clock.stamp(ms, line: line)
                    case .badStamp(let value)?:
                        clock.warnings.append(
                            RenderWarning(
                                kind: .badStamp,
                                message: "SSE line \(line): `: t=\(value)` is not a time in milliseconds (expected digits, e.g. `: t=120`); ignored",
                                timeMs: clock.time))
                    case .reconnect(let detail)?:
                        items.append(.reconnect(detail: detail, timeMs: clock.time))
                    case .invalidUTF8(let detail)?:
                        warnings.append(RenderWarning(kind: .invalidUTF8, message: "SSE line \(line): \(detail)", timeMs: clock.time))
                    case .end(let reason)? where reason.hasPrefix("unauthorized"):
                        items.append(.unauthorized(timeMs: clock.time))
                    case .end?, nil:
                        break
                    }
                case .event(let event):
                    items.append(.event(TimedEvent(timeMs: clock.time, event: event)))
                case .retry:
                    break
                }
            }
            return items
        }

        /// The clock's warnings so far (stamps that go back).
        var clockWarnings: [RenderWarning] { clock.warnings }
    }

    /// The capture's arrival time as its stamps set it; a stamp going back keeps the later time.
    fileprivate struct StampClock {
        var time: Double?
        var warnings: [RenderWarning] = []

        mutating func stamp(_ ms: Double, line: Int) {
            if let time, ms < time {
                warnings.append(
                    RenderWarning(
                        kind: .timeGoesBack,
                        message: "SSE line \(line): t=\(JSONText.number(ms)) is earlier than the previous stamp's \(JSONText.number(time)); using "
                            + "\(JSONText.number(time))",
                        timeMs: time))
            } else {
                time = ms
            }
        }
    }

    /// A stream none of whose events looks like JSON is read as `sse-text` (each event's data is
    /// text), with a warning saying so.
    /// - Throws: `InputError` when the bytes hold no event at all, or (when `refusesUnknown`) none of a known format.
    public static func transcript(
        bytes: [UInt8], network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
        refusesUnknown: Bool = true
    ) throws -> Transcript {
        let capture = capture(bytes: bytes)
        let eventCount = capture.items.filter { if case .event = $0 { return true } else { return false } }.count
        guard eventCount > 0 else {
            throw InputError("no SSE events: expected lines like `data: {\"type\":\"delta\",\"content\":\"...\"}` followed by a blank line")
        }
        let synthesized = capture.hasStamps ? [] : network.arrivalTimes(ofEvents: eventCount, seed: seed)
        var builder = build(capture, format: format, synthesized: synthesized)
        if builder.refusal != nil, format == nil,
            capture.items.allSatisfy({ item in
                guard case .event(let timed) = item else { return true }
                // `{…` that does not parse is broken JSON, refused as such, not text.
                let data = timed.event.data.trimmingCharacters(in: .whitespaces)
                return data == "[DONE]" || !["{", "["].contains(data.first)
            })
        {
            // No event is JSON: the data lines are the text itself (an in-house backend), said so.
            builder = build(capture, format: .sseText, synthesized: synthesized)
            builder.warnings.append(
                RenderWarning(
                    kind: .readAsText,
                    message: "no event is JSON, so no provider format applies: each event's data is read as the answer's text (sse-text), "
                        + "[DONE] as its end; --format or a mapping (--map-text) reads it otherwise"))
        }
        if refusesUnknown, let refusal = builder.refusal { throw refusal }
        var transcript = builder.transcript()
        transcript.carriesTimes = capture.hasStamps || format?.mapping?.time != nil
        return transcript
    }

    /// The capture's events and reconnects decoded in order by `format` (nil: detected).
    private static func build(_ capture: Capture, format: StreamFormat?, synthesized: [Double]) -> TranscriptBuilder {
        var builder = TranscriptBuilder(format: format)
        builder.warnings = capture.warnings
        // Without `: t=` stamps, a declared mapping's time pointer times the events, else the network.
        var mappedClock = capture.hasStamps ? nil : format?.mapping?.time.map { MappedClock(pointer: $0) }
        var index = 0
        var lastTime = 0.0
        for item in capture.items {
            switch item {
            case .event(let timed):
                let payload = EventPayload(event: timed.event.type, data: timed.event.data)
                let id = timed.event.lastEventId.isEmpty ? "" : " (id \(timed.event.lastEventId))"
                let place = "SSE event \(index + 1)\(id)"
                let time =
                    capture.hasStamps
                    ? (timed.timeMs ?? 0)
                    : mappedClock?.time(of: payload.object, place: place, warnings: &builder.warnings) ?? synthesized[index]
                lastTime = time
                index += 1
                builder.add(payload, at: time, place: place)
            case .reconnect(let detail, let timeMs):
                builder.addReconnect(detail, at: timeMs ?? lastTime)
            case .unauthorized(let timeMs):
                builder.addUnauthorized("HTTP 401", at: timeMs ?? lastTime, place: "the capture's end")
            }
        }
        return builder
    }
}
