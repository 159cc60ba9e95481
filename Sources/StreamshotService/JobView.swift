import Foundation
import Hummingbird
import Streamshot

/// A job as clients see it: `GET /v1/renders/{id}`, the list, the 202 and the progress events.
struct JobView: Encodable {
    struct Links: Codable {
        let `self`: String
        let events: String
        let manifest: String
        /// The frames' index (their URLs in order); a frame is `<frames>000123.png`.
        let frames: String
        let check: String
        /// The HTML review of the render, made on first request.
        let report: String
        /// The stream as it was submitted.
        let input: String
        /// A page that shows its frames as they are made (`WatchPage`).
        let watch: String
    }

    let id: String
    let status: JobStatus
    /// How its input is read, and its options as `streamshot render` takes them (the server's
    /// caps included): `streamshot render input.<kind> <arguments>` makes the same frames.
    let input: InputKind
    let arguments: [String]
    /// The same options as a spec: `{"client":"haqq-mobile","max-frames":20000}`.
    let spec: RenderSpec
    let framesDone: Int
    let frames: Int?
    let ending: String?
    let error: String?
    /// How many times a worker has started it: more than 1 after a restart.
    let attempts: Int
    /// Its completion callback, when it asked for one: url, state, attempts, lastError.
    let callback: Callback?
    /// In a progress event, the newest frame, told as soon as it is made (its PNG:
    /// `<frames>latest.png`); absent when the render is not running in this process.
    let latestFrame: FrameBulletin.Latest?
    let links: Links

    /// - Parameter latest: the newest frame made (`FrameBulletin`), when it is newer than the
    ///   store's count.
    init(_ job: RenderJobRecord, latest: FrameBulletin.Latest? = nil) {
        id = job.id
        status = job.status
        input = job.input
        arguments = job.arguments
        spec = job.spec
        framesDone = max(job.framesDone, latest.map { $0.index + 1 } ?? 0)
        latestFrame = latest
        frames = job.frames
        ending = job.ending
        error = job.error
        attempts = job.attempts
        callback = job.callback
        let base = "/v1/renders/\(job.id)"
        links = Links(
            self: base, events: base + "/events", manifest: base + "/manifest.json", frames: base + "/frames/",
            check: base + "/check", report: base + "/report.html", input: base + "/input", watch: base + "/watch")
    }
}

/// JSON answers with sorted keys, so the same state reads the same.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        bytes(try encode(value), contentType: "application/json", status: status, headers: headers)
    }

    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func bytes(_ bytes: [UInt8], contentType: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        fields[.contentLength] = "\(bytes.count)"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
