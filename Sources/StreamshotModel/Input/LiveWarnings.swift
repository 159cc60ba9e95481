/// The warnings a live stream raises, read as its lines arrive: each call reads only the new
/// lines, with what the lines before left (the format detected, the clock, the trace's text so
/// far), and gives the warnings they raised, worded as a read of the whole stream words them.
/// A live session answers each message with these: reading the whole stream again for every
/// message made a 5,000-token answer sent a token at a time take minutes.
///
/// What only the whole stream can say (an event cut short at its end, a stream read as
/// `sse-text`, the limits' cuts) is the render's to say, in its manifest.
package struct LiveWarnings {
    private enum Reader {
        case trace(ClientTraceLines)
        case sse(SSELines)
    }

    private var reader: Reader

    /// - Parameters:
    ///   - fileExtension: `jsonl` (a client trace) or `sse`.
    ///   - format: the format or mapping the session was opened with (nil: detected).
    package init(fileExtension: String, format: StreamFormat?) {
        reader = fileExtension == "sse" ? .sse(SSELines(format: format)) : .trace(ClientTraceLines())
    }

    /// Reads whole lines that arrived. - Returns: the warnings they raised.
    package mutating func read(_ bytes: [UInt8]) -> [RenderWarning] {
        switch reader {
        case .trace(var lines):
            defer { reader = .trace(lines) }
            return lines.read(bytes)
        case .sse(var lines):
            defer { reader = .sse(lines) }
            return lines.read(bytes)
        }
    }
}

/// An SSE stream read as it arrives, for the warnings each new part raises.
private struct SSELines {
    private var parser = SSEParser()
    private var capture = SSESource.CaptureReader()
    private var builder: TranscriptBuilder
    private var events = 0
    private var lastTime = 0.0
    private var reported = (parser: 0, comments: 0, clock: 0, builder: 0)

    init(format: StreamFormat?) {
        builder = TranscriptBuilder(format: format)
    }

    mutating func read(_ bytes: [UInt8]) -> [RenderWarning] {
        for item in capture.read(parser.feed(bytes)) {
            switch item {
            case .event(let timed):
                let id = timed.event.lastEventId.isEmpty ? "" : " (id \(timed.event.lastEventId))"
                events += 1
                lastTime = timed.timeMs ?? lastTime
                builder.add(EventPayload(event: timed.event.type, data: timed.event.data), at: lastTime, place: "SSE event \(events)\(id)")
            case .reconnect(let detail, let timeMs):
                builder.addReconnect(detail, at: timeMs ?? lastTime)
            case .unauthorized(let timeMs):
                builder.addUnauthorized("HTTP 401", at: timeMs ?? lastTime, place: "the capture's end")
            }
        }
        let invalid = parser.invalidUTF8Lines.dropFirst(reported.parser).map {
            RenderWarning(kind: .invalidUTF8, message: "SSE line \($0) is not valid UTF-8; shown with U+FFFD")
        }
        let found =
            Array(invalid) + capture.warnings.dropFirst(reported.comments) + capture.clockWarnings.dropFirst(reported.clock)
            + builder.warnings.dropFirst(reported.builder)
        reported = (parser.invalidUTF8Lines.count, capture.warnings.count, capture.clockWarnings.count, builder.warnings.count)
        return found
    }
}
