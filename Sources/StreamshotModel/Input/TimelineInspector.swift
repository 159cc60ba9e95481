import Foundation

/// The decoded timeline of an input as JSON Lines, for people debugging a capture: first every
/// dispatched SSE event as received (`"kind":"sse"`), then what each event was read as (`"kind":"read"`:
/// `text`, `end`, `error`, `skipped:<category>`…, and under a declared mapping the options whose
/// pointers matched), then the events the renderer will replay
/// (`delta`, `snapshot`, `done`, `error`, `reconnect`, `activity`), then a `summary` with the format, the
/// skipped non-text events and the warnings.
public enum TimelineInspector {
    /// The timeline, and why the input could not be read when it could not: an SSE capture's
    /// events are listed whatever their format, then a `summary` whose `format` is null and whose
    /// `error` says why (no event of a known format…).
    public static func inspect(
        path: String, network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
        limits: StreamLimits = StreamLimits()
    ) -> (lines: [String], failure: InputError?) {
        do {
            return (try lines(path: path, network: network, seed: seed, format: format, limits: limits), nil)
        } catch let error as InputError {
            let received = sseLines(path: path)
            let summary = JSONText.object([("kind", JSONText.string("summary")), ("format", "null"), ("error", JSONText.string(error.message))])
            return (received + [summary], error)
        } catch {
            return ([], InputError("\(path): \(error)"))
        }
    }

    /// - Throws: `InputError` as `InputLoader.load` does.
    public static func lines(
        path: String, network: NetworkProfile, seed: UInt64, format: StreamFormat? = nil,
        limits: StreamLimits = StreamLimits()
    ) throws -> [String] {
        var lines = sseLines(path: path)
        let transcript = try InputLoader.load(path: path, network: network, seed: seed, format: format, limits: limits)
        for read in transcript.reads {
            var fields = [
                ("kind", JSONText.string("read")), ("place", JSONText.string(read.place)), ("t", JSONText.number(read.timeMs)),
                ("as", JSONText.array(read.read.map { JSONText.string($0) }))
            ]
            if format?.mapping != nil { fields.append(("matched", JSONText.array(read.matched.map { JSONText.string($0) }))) }
            lines.append(JSONText.object(fields))
        }
        for event in transcript.events {
            let t = ("t", JSONText.number(event.timeMs))
            switch event.kind {
            case .delta(let text): lines.append(JSONText.object([("kind", JSONText.string("delta")), t, ("text", JSONText.string(text))]))
            case .snapshot(let text): lines.append(JSONText.object([("kind", JSONText.string("snapshot")), t, ("text", JSONText.string(text))]))
            case .done: lines.append(JSONText.object([("kind", JSONText.string("done")), t]))
            case .error(let message): lines.append(JSONText.object([("kind", JSONText.string("error")), t, ("message", JSONText.string(message))]))
            case .unauthorized(let message):
                lines.append(JSONText.object([("kind", JSONText.string("unauthorized")), t, ("message", JSONText.string(message))]))
            case .reconnect(let detail):
                lines.append(JSONText.object([("kind", JSONText.string("reconnect")), t, ("detail", JSONText.string(detail))]))
            case .activity(let activity):
                var fields = [("kind", JSONText.string("activity")), t, ("activity", JSONText.string(activity.name))]
                if case .toolStarted(let name) = activity, !name.isEmpty { fields.append(("tool", JSONText.string(name))) }
                lines.append(JSONText.object(fields))
            case .citation(let citation):
                lines.append(citationLine(citation, t: t))
            }
        }
        let skipped = JSONText.object(transcript.skipped.keys.sorted().map { ($0, String(transcript.skipped[$0]!)) })
        let warnings = JSONText.array(
            transcript.warnings.map {
                JSONText.object([("kind", JSONText.string($0.kind.rawValue)), ("message", JSONText.string($0.message))])
            })
        lines.append(
            JSONText.object([
                ("kind", JSONText.string("summary")), ("format", transcript.format.map { JSONText.string($0) } ?? "null"),
                ("skipped", skipped), ("warnings", warnings)
            ]))
        return lines
    }

    /// A citation as it was placed: the words it cites (characters of the answer) and its source.
    private static func citationLine(_ citation: Citation, t: (String, String)) -> String {
        var fields = [("kind", JSONText.string("citation")), t]
        if let span = citation.span { fields.append(("span", JSONText.array([String(span.lowerBound), String(span.upperBound)]))) }
        let source = citation.source
        fields.append(("title", JSONText.string(source.title)))
        if let url = source.url { fields.append(("url", JSONText.string(url))) }
        if let pages = source.pages { fields.append(("pages", JSONText.array([String(pages.lowerBound), String(pages.upperBound)]))) }
        if let number = source.providerNumber { fields.append(("number", String(number))) }
        return JSONText.object(fields)
    }

    /// Every dispatched SSE event of an `.sse` file as received (none for other files).
    private static func sseLines(path: String) -> [String] {
        var lines: [String] = []
        if (path as NSString).pathExtension.lowercased() == "sse", let data = FileManager.default.contents(atPath: path) {
            for item in SSESource.capture(bytes: [UInt8](data)).items {
                switch item {
                case .event(let timed):
                    lines.append(
                        JSONText.object([
                            ("kind", JSONText.string("sse")), ("t", timed.timeMs.map { JSONText.number($0) } ?? "null"),
                            ("event", JSONText.string(timed.event.type)), ("data", JSONText.string(timed.event.data)),
                            ("id", JSONText.string(timed.event.lastEventId))
                        ]))
                case .reconnect(let detail, let timeMs):
                    lines.append(
                        JSONText.object([
                            ("kind", JSONText.string("sse-reconnect")), ("t", timeMs.map { JSONText.number($0) } ?? "null"),
                            ("detail", JSONText.string(detail))
                        ]))
                case .unauthorized(let timeMs):
                    lines.append(
                        JSONText.object([("kind", JSONText.string("sse-unauthorized")), ("t", timeMs.map { JSONText.number($0) } ?? "null")]))
                }
            }
        }
        return lines
    }
}
