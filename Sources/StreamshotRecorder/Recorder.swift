import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Streamshot

/// What to request.
public struct RecordRequest: Sendable {
    public var url: String
    public var method: String
    /// Extra headers, in order (values may be secrets: they are redacted in the capture and logs).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?

    public init(url: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// The client rules of shared/seeds/000, as numbers (tests shorten them).
public struct RecordPolicy: Sendable {
    /// Wait before reconnecting after a drop.
    public var retryDelay: Duration = .seconds(1)
    /// Reconnection attempts before giving up.
    public var maxReconnects = 3
    /// A stream without an event for this long, and without `done`, ends as incomplete
    /// (keep-alive comments do not count: a server that only pings is idle).
    public var idleTimeout: Duration = .seconds(60)
    /// Bytes one line or event may hold before it ends: a line that never ends would otherwise
    /// grow in memory until the process dies.
    public var maxLineBytes = 1 << 20

    public init() {}
}

/// How a recording ended.
public enum RecordEnding: Equatable, Sendable {
    case done
    case streamError(String)
    case idle
    case unauthorized
    case gaveUp
    /// A line or event passed `RecordPolicy.maxLineBytes`.
    case lineTooLong
    /// An NDJSON stream closed before its end: it has no event ids to resume from, and asking
    /// again would start another answer.
    case closed
}

public struct RecordOutcome: Equatable, Sendable {
    public var ending: RecordEnding
    public var events: Int
    public var reconnects: Int
    public var duplicatesDropped: Int
}

/// Records a live SSE endpoint to a capture file, following the mobile client rules: send
/// `Accept: text/event-stream` and `Cache-Control: no-store`; on a dropped connection wait,
/// reconnect with `Last-Event-ID`, at most `maxReconnects` times; never write an event twice;
/// end as incomplete when idle; end on 401.
public struct Recorder: Sendable {
    /// How long a server may send nothing at all — not even its response head — before the
    /// connection fails (when the idle limit is shorter): waiting for the head is not idleness.
    static let silentServerLimit: Duration = .seconds(30)

    public var policy: RecordPolicy

    public init(policy: RecordPolicy = RecordPolicy()) {
        self.policy = policy
    }

    /// - Parameters:
    ///   - log: receives one line per connection and ending; secrets are already redacted.
    /// - Throws: `RecordError` for what makes the capture meaningless: an invalid URL, an HTTP
    ///   error or a non-SSE response on the first connection.
    public func record(
        _ request: RecordRequest, to path: String,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> RecordOutcome {
        guard let url = URL(string: request.url), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw RecordError("\(Redaction.url(request.url)): expected an http:// or https:// URL")
        }
        let redactedURL = Redaction.url(request.url)
        let header =
            ["streamshot record \(request.method) \(redactedURL)"]
            + request.headers.map { "header \($0.name): \(Redaction.headerValue(name: $0.name, value: $0.value))" }
        let writer = try CaptureWriter(path: path, header: header)
        // The idle limit is the recorder's own, from when the stream opens (`IdleLimitedBody`); the
        // client's read timeout only ends a server that sends nothing at all, head included.
        let silence = max(policy.idleTimeout, Self.silentServerLimit)
        let read = TimeAmount.nanoseconds(Int64(silence.components.seconds) * 1_000_000_000 + silence.components.attoseconds / 1_000_000_000)
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: read))
        configuration.decompression = .enabled(limit: .none)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            var session = Session(
                recorder: self, request: request, redactedURL: redactedURL, writer: writer,
                client: client, log: log)
            let outcome = try await session.run()
            try await client.shutdown()
            return outcome
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

/// One recording: its connections, the ids already written, the clock.
private struct Session {
    let recorder: Recorder
    let request: RecordRequest
    let redactedURL: String
    let writer: CaptureWriter
    let client: HTTPClient
    let log: @Sendable (String) -> Void
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant

    var lastEventId = ""
    var writtenId = ""
    var idsFromEarlierConnections: Set<String> = []
    var idsThisConnection: Set<String> = []
    var detector = FormatDetector()
    var events = 0
    /// The server has answered with an event stream at least once.
    var streamOpened = false
    var reconnects = 0
    var duplicates = 0

    init(
        recorder: Recorder, request: RecordRequest, redactedURL: String, writer: CaptureWriter, client: HTTPClient,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.recorder = recorder
        self.request = request
        self.redactedURL = redactedURL
        self.writer = writer
        self.client = client
        self.log = log
        start = clock.now
    }

    var elapsedMs: Int {
        let elapsed = clock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    mutating func run() async throws -> RecordOutcome {
        var attempt = 0
        while true {
            let ending: RecordEnding?
            do {
                ending = try await connect(attempt: attempt)
            } catch let error as RecordError where attempt == 0 {
                throw error
            } catch  where attempt == 0 && events == 0 && !streamOpened {
                // The stream never opened: a refused connection or no response is an error, not a drop. Once the
                // server has answered with an event stream, losing it is a drop even before the first event (a
                // loaded client may not have read the bytes the server sent before it dropped).
                throw RecordError("\(redactedURL): the first connection failed before any event: \(Self.describe(error))")
            } catch {
                log("connection \(attempt + 1) failed: \(Self.describe(error))")
                ending = nil
            }
            if let ending { return outcome(ending) }
            guard attempt < recorder.policy.maxReconnects else {
                try writer.end("gave-up after \(recorder.policy.maxReconnects) reconnection attempts", atMs: elapsedMs)
                log("gave up after \(recorder.policy.maxReconnects) reconnection attempts")
                return outcome(.gaveUp)
            }
            attempt += 1
            reconnects += 1
            let detail = CaptureComment.reconnectDetail(attempt: attempt, lastEventId: lastEventId)
            try writer.reconnect(detail, atMs: elapsedMs)
            log("connection dropped; reconnecting in \(recorder.policy.retryDelay) (\(detail))")
            try await Task.sleep(for: recorder.policy.retryDelay)
        }
    }

    private func outcome(_ ending: RecordEnding) -> RecordOutcome {
        RecordOutcome(ending: ending, events: events, reconnects: reconnects, duplicatesDropped: duplicates)
    }

    /// One connection: returns how the recording ended, or nil when the connection dropped.
    private mutating func connect(attempt: Int) async throws -> RecordEnding? {
        var http = HTTPClientRequest(url: request.url)
        http.method = HTTPMethod(rawValue: request.method.uppercased())
        http.headers.add(name: "Accept", value: "text/event-stream")
        http.headers.add(name: "Cache-Control", value: "no-store")
        for header in request.headers { http.headers.add(name: header.name, value: header.value) }
        if !lastEventId.isEmpty { http.headers.replaceOrAdd(name: "Last-Event-ID", value: lastEventId) }
        if let body = request.body { http.body = .bytes(ByteBuffer(bytes: body)) }
        log("connecting (\(attempt == 0 ? "first connection" : "attempt \(attempt)")) to \(request.method.uppercased()) \(redactedURL)")

        let response = try await client.execute(http, deadline: .now() + .hours(24))
        if response.status == .unauthorized {
            try writer.end("unauthorized (HTTP 401)", atMs: elapsedMs)
            log("HTTP 401: the session is not authorised; recording ends")
            return .unauthorized
        }
        guard (200..<300).contains(response.status.code) else {
            var excerpt = ""
            if let body = try? await response.body.collect(upTo: 2048) { excerpt = String(buffer: body).prefix(200).description }
            throw RecordError(
                "\(redactedURL): HTTP \(response.status.code) \(response.status.reasonPhrase)"
                    + (excerpt.isEmpty ? "" : ": \(excerpt)"))
        }
        let contentType = response.headers.first(name: "content-type") ?? "(none)"
        if Self.isNDJSON(contentType) { return try await readLines(of: response, attempt: attempt) }
        guard contentType.lowercased().hasPrefix("text/event-stream") else {
            throw RecordError(
                "\(redactedURL): expected Content-Type text/event-stream (or application/x-ndjson), got \(contentType): "
                    + "not an SSE or NDJSON stream")
        }

        streamOpened = true
        var reader = ConnectionReader(number: attempt + 1)
        idsFromEarlierConnections.formUnion(idsThisConnection)
        idsThisConnection = []
        let body = IdleLimitedBody(response.body, limit: recorder.policy.idleTimeout)
        do {
            for try await arrival in body.arrivals {
                switch arrival {
                case .bytes(let buffer, let time):
                    if let ending = try read(buffer, with: &reader) { return ending }
                    if reader.takeEventSeen() { body.noteEvent(arrivedAt: time) }
                case .check(let time):
                    if body.isIdle(at: time) { return try endIdle() }
                }
            }
        } catch let error as HTTPClientError where error == .readTimeout {
            return try endIdle()
        }
        if reader.finish() { log("connection \(reader.number) ended inside an event; per the SSE standard it is not dispatched") }
        return nil
    }

    /// Feeds one buffer: notes invalid UTF-8, writes its events; returns an ending when the stream
    /// ends, has been idle too long, or holds a line past the limit.
    private mutating func read(_ buffer: ByteBuffer, with reader: inout ConnectionReader) throws -> RecordEnding? {
        let outputs = reader.feed(buffer.readableBytesView)
        for line in reader.takeInvalidUTF8Lines() {
            let detail = "the server sent bytes that are not UTF-8 (line \(line) of connection \(reader.number)); written as U+FFFD"
            try writer.comment(CaptureComment.invalidUTF8Line(detail), text: detail, atMs: elapsedMs)
            log(detail)
        }
        for output in outputs {
            guard case .event(let event) = output else { continue }
            reader.noteEvent()
            if let ending = try write(event) { return ending }
        }
        if reader.pendingBytes > recorder.policy.maxLineBytes {
            try writer.end("line-too-long (a line or event passed \(recorder.policy.maxLineBytes) bytes)", atMs: elapsedMs)
            log("a line or event passed \(recorder.policy.maxLineBytes) bytes without ending (--max-line-bytes): recording ends as incomplete")
            return .lineTooLong
        }
        return nil
    }

    private func endIdle() throws -> RecordEnding {
        try writer.end("incomplete (idle for \(recorder.policy.idleTimeout) without done)", atMs: elapsedMs)
        log("no event for \(recorder.policy.idleTimeout) and no done: recording ends as incomplete")
        return .idle
    }

    /// JSON Lines as Ollama and other NDJSON servers send them (`application/x-ndjson`,
    /// `application/jsonl`).
    static func isNDJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return ["application/x-ndjson", "application/jsonl", "application/json-lines", "application/x-jsonlines"].contains(mediaType)
    }

    /// An NDJSON response, line by line, each written stamped with its arrival time. It ends at
    /// the stream's own end, idle, or when the server closes it: NDJSON has no Last-Event-ID, so
    /// a reconnect would start another answer.
    private mutating func readLines(of response: HTTPClientResponse, attempt: Int) async throws -> RecordEnding? {
        if !writer.isJSONLines {
            guard (writer.path as NSString).pathExtension.lowercased() == "jsonl" else {
                throw RecordError(
                    "\(redactedURL): the server answered with NDJSON (\(response.headers.first(name: "content-type") ?? "")): record it to a "
                        + ".jsonl file, as render reads JSON Lines, not to \(writer.path)")
            }
            try writer.restartAsJSONLines()
        }
        streamOpened = true
        var splitter = LineSplitter()
        let body = IdleLimitedBody(response.body, limit: recorder.policy.idleTimeout)
        do {
            for try await arrival in body.arrivals {
                guard case .bytes(let buffer, let time) = arrival else {
                    if case .check(let time) = arrival, body.isIdle(at: time) { return try endIdle() }
                    continue
                }
                for line in splitter.feed(buffer.readableBytesView) {
                    body.noteEvent(arrivedAt: time)
                    if let ending = try writeLine(line) { return ending }
                }
                if splitter.pendingBytes > recorder.policy.maxLineBytes {
                    try writer.end("line-too-long (a line passed \(recorder.policy.maxLineBytes) bytes)", atMs: elapsedMs)
                    log("a line passed \(recorder.policy.maxLineBytes) bytes without ending (--max-line-bytes): recording ends as incomplete")
                    return .lineTooLong
                }
            }
        } catch let error as HTTPClientError where error == .readTimeout {
            return try endIdle()
        }
        if let last = splitter.finish(), let ending = try writeLine(last) { return ending }
        try writer.end("incomplete (the server closed the NDJSON stream before its end; it cannot be resumed)", atMs: elapsedMs)
        log("the server closed the NDJSON stream before its end; NDJSON cannot be resumed, so the recording ends as incomplete")
        return .closed
    }

    /// Writes one NDJSON line (a blank one is skipped); returns an ending at `done` or `error`.
    private mutating func writeLine(_ bytes: [UInt8]) throws -> RecordEnding? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        if String(validating: bytes, as: UTF8.self) == nil {
            let detail = "the server sent bytes that are not UTF-8 (line \(events + 1)); written as U+FFFD"
            try writer.comment(CaptureComment.invalidUTF8Line(detail), text: detail, atMs: elapsedMs)
            log(detail)
        }
        try writer.line(text, atMs: elapsedMs)
        events += 1
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return ending(of: DataStreamLine.payload(trimmed[...]) ?? EventPayload(event: "", data: trimmed))
    }

    /// Writes one event unless an earlier connection already delivered it; returns an ending at `done` or `error`.
    private mutating func write(_ event: SSEEvent) throws -> RecordEnding? {
        let id = event.lastEventId
        if !id.isEmpty, idsFromEarlierConnections.contains(id) {
            duplicates += 1
            return nil
        }
        if !id.isEmpty {
            idsThisConnection.insert(id)
            lastEventId = id
        }
        try writer.event(event, ownId: id != writtenId, atMs: elapsedMs)
        writtenId = id
        events += 1
        return ending(of: EventPayload(event: event.type, data: event.data))
    }

    /// How an event ends the recording, if it does: `done`, an error, a revoked session.
    private mutating func ending(of payload: EventPayload) -> RecordEnding? {
        for decoded in detector.decode(payload) {
            switch decoded {
            case .done:
                log("done after \(events) events")
                return .done
            case .error(let message):
                log("the stream reported an error: \(message)")
                return .streamError(message)
            case .unauthorized(let message):
                log("the stream reported that the session is not authorised (401): \(message)")
                return .unauthorized
            default:
                continue
            }
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return error.description }
        return String(describing: error)
    }
}
