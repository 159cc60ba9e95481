import Foundation
import Hummingbird
import Streamshot

/// `/v1/sessions`: a client's stream rendered while it runs. Open a session, send what the client
/// shows as it happens (POSTs whose bodies may stream, or a WebSocket), watch its latest frame
/// and progress; close it and it is an ordinary finished job under `/v1/renders/{id}`.
struct SessionRoutes {
    let sessions: LiveSessions
    let store: any JobStore
    let files: JobFiles
    let configuration: ServiceConfiguration

    func add(to router: Router<BasicRequestContext>) {
        let group = router.group("v1/sessions")
        group.post(use: open)
        group.get(":id", use: status)
        group.post(":id/events", use: events)
        group.post(":id/close", use: close)
        group.get(":id/frames/latest.png", use: latestFrame)
        group.get(":id/ws", use: webSocketWithoutUpgrade)
    }

    /// `POST /v1/sessions?input=trace|sse&<render options>`: 201 with the session. A body, when
    /// given, is its first events.
    @Sendable func open(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let parsed = try RenderRequest(query: query, body: [], configuration: configuration)
        let kind = query.contains { $0.name == "input" } ? parsed.input : .trace
        guard kind == .trace || kind == .sse else {
            throw Problem.badRequest("input=\(kind.rawValue): a session carries a client trace (input=trace) or SSE events (input=sse)")
        }
        try RenderRequest.validate(parsed.spec, reading: kind)
        let session = try await sessions.open(kind: kind, spec: parsed.spec, callbackUrl: parsed.callbackUrl, logger: context.logger)
        try Self.refuse(try await receive(request.body, into: session), session: session.id)
        var answer = try await view(session.id)
        answer.warnings = session.newWarnings()
        return try JSONResponse.make(answer, status: .created, headers: [.location: "/v1/sessions/\(session.id)"])
    }

    @Sendable func status(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try JSONResponse.make(try await view(context.parameters.get("id") ?? ""))
    }

    /// `POST /v1/sessions/{id}/events[?close=true]`: the body's lines join the stream as they
    /// arrive (a chunked body streams them); 202 once the body has ended.
    @Sendable func events(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let session = try await openSession(context)
        let refused = try await receive(request.body, into: session)
        let warnings = session.newWarnings()
        if request.uri.queryParameters["close"].map({ $0 == "true" || $0 == "1" }) == true { session.close() }
        try Self.refuse(refused, session: session.id)
        var answer = try await view(session.id)
        answer.warnings = warnings
        return try JSONResponse.make(answer, status: .accepted)
    }

    /// `POST /v1/sessions/{id}/close`: nothing more will come; the render finishes.
    @Sendable func close(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await openSession(context).close()
        return try JSONResponse.make(try await view(context.parameters.get("id") ?? ""), status: .accepted)
    }

    /// The newest frame made so far (every frame a session shows live is a frame of its finished
    /// render); the last frame once the render has succeeded.
    @Sendable func latestFrame(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        guard let job = try await store.job(id) else { throw Problem.notFound("no session \(id)") }
        guard let answer = LatestFrameResponse.make(job, files: files, bulletin: sessions.bulletin) else {
            throw Problem.notFound("session \(id) has no frame yet: the first is made once the stream is known past its time")
        }
        return answer
    }

    /// Bytes as they arrive, each chunk stored and rendered before the next is read; the lines
    /// the session could not read.
    private func receive(_ body: RequestBody, into session: LiveSession) async throws -> [String] {
        var refused: [String] = []
        for try await chunk in body {
            refused += try session.receive(chunk.readableBytesView)
        }
        return refused
    }

    /// A body with unreadable lines is a 400 naming each; the readable ones were kept.
    private static func refuse(_ refused: [String], session id: String) throws {
        guard !refused.isEmpty else { return }
        throw Problem.badRequest(
            "session \(id) kept the readable lines of this body and not \(refused.count == 1 ? "this one" : "these \(refused.count)"): "
                + refused.prefix(20).joined(separator: "; ") + (refused.count > 20 ? "; and \(refused.count - 20) more" : ""))
    }

    /// `GET /v1/sessions/{id}/ws` that reached the router: the upgrade was not asked for (or the
    /// session is not open, or the token is wrong — the middleware said so first).
    @Sendable func webSocketWithoutUpgrade(_ request: Request, context: BasicRequestContext) async throws -> Response {
        _ = try await openSession(context)
        throw Problem(
            .upgradeRequired, "Upgrade required", "connect with a WebSocket (Upgrade: websocket) to send this session's events",
            headers: [.upgrade: "websocket"])
    }

    /// The session, while it takes events. - Throws: 404 for none; 409 for one that has ended.
    private func openSession(_ context: BasicRequestContext) async throws -> LiveSession {
        let id = context.parameters.get("id") ?? ""
        if let session = sessions.session(id), session.isOpen { return session }
        guard try await store.job(id) != nil else { throw Problem.notFound("no session \(id)") }
        throw LiveSession.ended(id)
    }

    private func view(_ id: String) async throws -> SessionView {
        guard let job = try await store.job(id) else { throw Problem.notFound("no session \(id)") }
        return SessionView(job, session: sessions.session(id))
    }
}

/// A session as clients see it: its job, and whether it still takes events.
struct SessionView: Encodable {
    struct Links: Codable {
        let `self`: String
        let events: String
        let webSocket: String
        let close: String
        let latestFrame: String
        /// Progress as Server-Sent Events, and every artifact once it has ended.
        let render: String
        let progress: String
        /// A page that shows its frames as they are made.
        let watch: String
    }

    let id: String
    let open: Bool
    let bytesReceived: Int?
    /// In the answer to a POST of events: the warnings what it sent raised (none: an empty list).
    var warnings: [String]?
    let render: JobView
    let links: Links

    init(_ job: RenderJobRecord, session: LiveSession?) {
        id = job.id
        open = session?.isOpen ?? false
        bytesReceived = session?.bytesReceived
        render = JobView(job)
        let base = "/v1/sessions/\(job.id)"
        links = Links(
            self: base, events: base + "/events", webSocket: base + "/ws", close: base + "/close",
            latestFrame: base + "/frames/latest.png", render: "/v1/renders/\(job.id)", progress: "/v1/renders/\(job.id)/events",
            watch: "/v1/renders/\(job.id)/watch")
    }
}
