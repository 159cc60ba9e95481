public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a trace's records to a Streamshot live session as the app makes them, so the session
/// renders what the app shows while it runs (docs/service.md, "Live sessions"). Records go in order,
/// in batches of whatever queued while the last request was out; `finish()` sends the rest and
/// closes the session, which then is an ordinary render job.
///
///     let upload = LiveTraceUpload(session: URL(string: "http://127.0.0.1:8080/v1/sessions/\(id)")!)
///     let trace = TraceRecorder(platform: .swiftUI, layoutDirection: "rtl", onRecord: upload.send)
///     …
///     try upload.finish()
public final class LiveTraceUpload: @unchecked Sendable {
    private let events: URL
    private let close: URL
    private let token: String?
    private let condition = NSCondition()
    private var queued: [String] = []
    private var sending = false
    private var failure: (any Error)?

    /// - Parameters:
    ///   - session: the session's URL, as `POST /v1/sessions` answered it (its `Location`).
    ///   - token: the server's bearer token, when it needs one.
    public init(session: URL, token: String? = nil) {
        events = session.appendingPathComponent("events")
        close = session.appendingPathComponent("close")
        self.token = token
    }

    /// Queues one record (a JSON line) to send; returns at once.
    @Sendable public func send(_ line: String) {
        condition.withLock {
            queued.append(line)
            guard !sending else { return }
            sending = true
            Thread { self.drain() }.start()
        }
    }

    /// Sends what is queued, then closes the session. Blocks until the server has both.
    /// - Throws: `LiveTraceUpload.Failure` for a request the server refused, or the transport's error.
    public func finish() throws {
        try condition.withLock {
            while sending, failure == nil { condition.wait() }
            if let failure { throw failure }
        }
        try post(close, body: Data())
    }

    /// A request the server answered with an error: its status and problem+json.
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int
        public let body: String
        public var description: String { "the session answered \(status): \(body)" }
    }

    /// Sends batches until nothing is queued (on its own thread: one request out at a time keeps the order).
    private func drain() {
        while let batch = nextBatch() {
            do {
                try post(events, body: Data(batch.map { $0 + "\n" }.joined().utf8))
            } catch {
                condition.withLock {
                    failure = failure ?? error
                    queued = []
                    sending = false
                    condition.broadcast()
                }
                return
            }
        }
    }

    /// What queued since the last batch; nil, and no longer sending, when nothing did.
    private func nextBatch() -> [String]? {
        condition.withLock {
            guard !queued.isEmpty else {
                sending = false
                condition.broadcast()
                return nil
            }
            defer { queued = [] }
            return queued
        }
    }

    private func post(_ url: URL, body: Data) throws {
        let (status, data) = try send(url, body: body)
        guard (200..<300).contains(status) else { throw Failure(status: status, body: String(decoding: data, as: UTF8.self)) }
    }

    /// The transport per platform: on Linux, plain `http://` goes over a socket of our own
    /// (`SocketHTTPPost`: FoundationNetworking's URLSession was seen to deadlock there), and only
    /// `https://` through URLSession; elsewhere URLSession does all.
    private func send(_ url: URL, body: Data) throws -> (status: Int, body: Data) {
        var headers = [("Content-Type", "application/x-ndjson")]
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        #if canImport(FoundationNetworking) && canImport(Glibc)
            if url.scheme?.lowercased() == "http" { return try SocketHTTPPost(url: url, headers: headers).send(body) }
        #endif
        return try URLSessionPost.send(url, headers: headers, body: body)
    }
}

/// One POST through URLSession, waited for on the calling thread.
private enum URLSessionPost {
    static func send(_ url: URL, headers: [(String, String)], body: Data) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let outcome = Answer()
        URLSession.shared.dataTask(with: request) { data, response, error in
            outcome.result = error.map { .failure($0) } ?? .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            done.signal()
        }.resume()
        done.wait()
        return try outcome.result.get()
    }
}

/// A request's answer, handed from URLSession's thread to the waiting one (the semaphore orders them).
private final class Answer: @unchecked Sendable {
    var result: Result<(Int, Data), any Error> = .failure(URLError(.unknown))
}
