import Foundation
import Hummingbird
import Streamshot
import StreamshotAnalysis

/// `/v1/renders`: submit a stream, follow its job, fetch what it made, cancel or delete it.
struct RenderRoutes {
    let store: any JobStore
    let files: JobFiles
    let configuration: ServiceConfiguration
    let reviews: ReviewMaker
    /// Each frame as this process's renders make it.
    let bulletin: FrameBulletin

    func add(to router: Router<BasicRequestContext>) {
        let renders = router.group("v1/renders")
        renders.post(use: submit)
        renders.get(use: list)
        renders.get(":id", use: status)
        renders.delete(":id", use: delete)
        renders.get(":id/events", use: events)
        renders.get(":id/manifest.json") { request, context in try await artifact("manifest.json", request, context) }
        renders.get(":id/frames", use: frameIndex)
        renders.get(":id/frames/:file") { request, context in
            let file = context.parameters.get("file") ?? ""
            return file == "latest.png" ? try await latestFrame(context) : try await artifact("frames/" + file, request, context)
        }
        renders.get(":id/input", use: input)
        renders.get(":id/check", use: check)
        renders.get(":id/review/:file") { request, context in
            try await review("review/" + (context.parameters.get("file") ?? ""), request, context)
        }
        renders.get(":id/report.html") { request, context in try await review("report.html", request, context) }
        renders.get(":id/watch") { _, context in
            JSONResponse.bytes(WatchPage.html(try await job(context)), contentType: "text/html; charset=utf-8")
        }
    }

    /// `POST /v1/renders`: 202 with the job, once its stream has been read and stored.
    @Sendable func submit(_ request: Request, context: BasicRequestContext) async throws -> Response {
        // A full queue refuses before the body is read; the place itself is taken with the insert.
        let waiting = try await store.count(status: .queued)
        guard waiting < configuration.maxQueue else { throw Self.queueFull(waiting) }
        let boundary = try MultipartBody.boundary(contentType: request.headers[.contentType])
        var declared = boundary == nil ? try SubmittedBody.kind(contentType: request.headers[.contentType]) : nil
        var request = request
        var body = Array(buffer: try await request.collectBody(upTo: configuration.maxBodyBytes))
        var pictures: [MultipartBody.Part] = []
        if let boundary {
            let upload = try SubmittedBody.upload(MultipartBody(body, boundary: boundary))
            (body, declared, pictures) = (upload.stream.bytes, try SubmittedBody.kind(contentType: upload.stream.contentType), upload.pictures)
        }
        guard !body.isEmpty else { throw Problem.badRequest("the body is empty: send the stream (SSE, JSON Lines, Markdown or a client trace)") }
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        let parsed = try RenderRequest(query: query, body: body, configuration: configuration)
        let input = query.contains { $0.name == "input" } ? parsed.input : declared ?? parsed.input
        var job = RenderJobRecord(
            id: UUID().uuidString.lowercased(), createdAtMs: Int64(Date().timeIntervalSince1970 * 1000),
            input: input, spec: parsed.spec)
        job.callback = parsed.callbackUrl.map(Callback.init)
        try files.saveInput(body, for: job)
        do {
            try files.savePictures(pictures, for: job.id)
            try await SubmittedBody.validate(job, files: files, configuration: configuration)
        } catch {
            files.remove(job.id)
            throw error
        }
        if case .full(let waiting) = try await store.insert(job, queueLimit: configuration.maxQueue) {
            files.remove(job.id)
            throw Self.queueFull(waiting)
        }
        context.logger.info("queued", metadata: ["job": "\(job.id)", "input": "\(input.rawValue)", "bytes": "\(body.count)"])
        return try JSONResponse.make(JobView(job), status: .accepted, headers: [.location: "/v1/renders/\(job.id)"])
    }

    private static func queueFull(_ waiting: Int) -> Problem {
        Problem(
            .tooManyRequests, "Too many requests", "\(waiting) jobs are waiting, as many as this server queues (--max-queue); try again later",
            headers: [.retryAfter: "5"])
    }

    @Sendable func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var status: JobStatus?
        if let given = request.uri.queryParameters["status"].map(String.init) {
            guard let parsed = JobStatus(rawValue: given) else {
                throw Problem.badRequest("status=\(given): expected one of \(JobStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = parsed
        }
        return try JSONResponse.make(["renders": try await store.jobs(status: status).map { JobView($0) }])
    }

    @Sendable func status(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try JSONResponse.make(JobView(try await job(context)))
    }

    /// Cancels a job still to finish; deletes a finished one and its files. 204 either way.
    @Sendable func delete(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let found = try await job(context)
        if found.status.isFinished {
            try await store.delete(found.id)
            files.remove(found.id)
        } else {
            _ = try await store.cancel(found.id)
        }
        return Response(status: .noContent)
    }

    /// Progress as Server-Sent Events until the job ends: its state now and at each change as
    /// `event: progress`, then `event: end` (only that, for a job that has already ended).
    @Sendable func events(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let id = try await job(context).id
        let (store, bulletin, tasks) = (store, bulletin, configuration.tasks)
        let interval = Duration.milliseconds(configuration.progressIntervalMs)
        let body = ResponseBody { writer in
            var sent: ByteBuffer?
            var job = try await store.job(id)
            var read = ContinuousClock.now
            while let current = job {
                let latest = current.status.isFinished ? nil : bulletin.latest(id)
                let event = try Self.event(current.status.isFinished ? "end" : "progress", current, latest: latest)
                if event != sent { try await writer.write(event) }
                sent = event
                if current.status.isFinished { break }
                // A render faster than the stream's time is told at most once a display refresh
                // (the newest frame then): a watcher sees every frame of a live session, and a
                // render at thousands of frames a second does not send thousands of events.
                try await Task.sleep(for: .milliseconds(16))
                // Each frame made here is told at once; the store is read once an interval (and
                // when the render has ended here), for the status and frames made elsewhere.
                await bulletin.waitForFrame(id, seen: latest, upTo: interval, tasks: tasks)
                if ContinuousClock.now - read >= interval || bulletin.latest(id) == nil {
                    job = try await store.job(id)
                    read = .now
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// The newest frame so far: while the job renders, the last one written.
    private func latestFrame(_ context: BasicRequestContext) async throws -> Response {
        let found = try await job(context)
        guard let answer = LatestFrameResponse.make(found, files: files, bulletin: bulletin) else {
            throw Problem.notFound("render \(found.id) has no frame yet")
        }
        return answer
    }

    /// The stream as stored: what was submitted, or what a live session received (stamped).
    @Sendable func input(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let found = try await job(context)
        guard let data = FileManager.default.contents(atPath: files.input(found)) else { throw Problem.notFound("render \(found.id) has no input") }
        let type =
            switch found.input {
            case .sse: "text/event-stream"
            case .jsonl, .trace: "application/x-ndjson"
            case .md: "text/markdown; charset=utf-8"
            case .txt: "text/plain; charset=utf-8"
            }
        return JSONResponse.bytes(Array(data), contentType: type)
    }

    /// The `check --json` report of the finished render.
    @Sendable func check(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let found = try await finished(context)
        guard let path = files.artifact(found.id, "manifest.json") else { throw Problem.notFound("render \(found.id) has no manifest") }
        let report = try Detector.check(try ManifestFile(path: path), pixels: .directory((path as NSString).deletingLastPathComponent))
        return JSONResponse.bytes(Array(CheckReportText.json(report).utf8), contentType: "application/json")
    }

    /// A review file, the review made on first request; `report.html` loads the frames and images
    /// beside it by relative path, so it works as served. While the review is still being made
    /// after a few seconds: `202` and `Retry-After` (the report's page reloads itself then).
    private func review(_ relative: String, _ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let found = try await finished(context)
        guard JobFiles.reviewFiles.contains(relative) else { throw Problem.notFound("render \(found.id) has no \(relative)") }
        do {
            guard try await reviews.ready(found) else { return Self.reviewUnderWay(relative) }
        } catch {
            // A DELETE while the review was being made took its render away: that is no server error.
            guard try await store.job(found.id) != nil else { throw Problem.notFound("render \(found.id) was deleted while its review was made") }
            throw error
        }
        return try await artifact(relative, request, context)
    }

    private static func reviewUnderWay(_ relative: String) -> Response {
        let retry = 2
        let detail = "the review is being made; ask again in \(retry) s"
        let (body, type) =
            relative.hasSuffix(".html")
            ? (#"<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="\#(retry)"><p>\#(detail)</p>"#, "text/html; charset=utf-8")
            : (#"{"status":"making","detail":"\#(detail)"}"#, "application/json")
        return JSONResponse.bytes(Array(body.utf8), contentType: type, status: .accepted, headers: [.retryAfter: "\(retry)"])
    }

    /// `GET /v1/renders/{id}/frames/`: the finished render's frames as URLs, in order (a repeated
    /// frame's file once, where it first appears), so a client can walk them without the manifest.
    @Sendable func frameIndex(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let found = try await finished(context)
        guard let path = files.artifact(found.id, "manifest.json") else { throw Problem.notFound("render \(found.id) has no manifest.json") }
        let manifest = try ManifestFile(path: path)
        let base = "/v1/renders/\(found.id)/"
        struct Index: Encodable {
            let count: Int
            let frames: [String]
        }
        let urls = try manifest.frameFiles().sorted().map { base + $0 }  // 000123.png: the name's order is the frames'
        return try JSONResponse.make(Index(count: urls.count, frames: urls))
    }

    private func artifact(_ relative: String, _ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let found = try await finished(context)
        guard let path = files.artifact(found.id, relative), let data = FileManager.default.contents(atPath: path) else {
            throw Problem.notFound("render \(found.id) has no \(relative)")
        }
        let type = relative.hasSuffix(".png") ? "image/png" : relative.hasSuffix(".html") ? "text/html; charset=utf-8" : "application/json"
        return JSONResponse.bytes(Array(data), contentType: type)
    }

    private func job(_ context: BasicRequestContext) async throws -> RenderJobRecord {
        let id = context.parameters.get("id") ?? ""
        guard let job = try await store.job(id) else { throw Problem.notFound("no render \(id)") }
        return job
    }

    /// The job, when it has succeeded: its artifacts exist only then.
    private func finished(_ context: BasicRequestContext) async throws -> RenderJobRecord {
        let found = try await job(context)
        guard found.status == .succeeded else {
            throw Problem(.conflict, "Not finished", "render \(found.id) is \(found.status.rawValue): its files are there once it has succeeded")
        }
        return found
    }

    /// A progress or end event: the job, with the newest frame made here when there is one.
    private static func event(_ name: String, _ job: RenderJobRecord, latest: FrameBulletin.Latest?) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(JobView(job, latest: latest)), as: UTF8.self)
        return ByteBuffer(string: "event: \(name)\ndata: \(json)\n\n")
    }
}
