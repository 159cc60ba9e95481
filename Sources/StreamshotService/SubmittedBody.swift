import Foundation
import Streamshot

/// What a submitted body may be, and the check that it reads before it is queued.
enum SubmittedBody {
    /// The kind a Content-Type names; nil for one that leaves it to the body (plain text, none).
    /// - Throws: `Problem` 415 for a type that is no stream.
    static func kind(contentType: String?) throws -> InputKind? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
        switch mediaType {
        case "text/event-stream": return .sse
        case "application/x-ndjson", "application/jsonl", "application/json-lines", "application/json": return .jsonl
        case "text/markdown": return .md
        // curl's --data-binary says x-www-form-urlencoded unless told otherwise: the body is still the stream.
        case "text/plain", "application/octet-stream", "application/x-www-form-urlencoded", "": return nil
        default:
            throw Problem(
                .unsupportedMediaType, "Unsupported media type",
                "Content-Type \(mediaType): send the stream as text/event-stream, application/x-ndjson, text/markdown or text/plain")
        }
    }

    /// A multipart body's stream and pictures: one part named `stream`, any number named `image`.
    /// - Throws: `Problem` 400 for no `stream` part, two, or a part of another name.
    static func upload(_ body: MultipartBody) throws -> (stream: MultipartBody.Part, pictures: [MultipartBody.Part]) {
        let streams = body.parts.filter { $0.name == "stream" }
        guard streams.count == 1, let stream = streams.first else {
            throw Problem.badRequest(
                "a multipart body needs one part named \"stream\" (it has \(streams.count)), and its pictures as parts named \"image\"")
        }
        if let other = body.parts.first(where: { $0.name != "stream" && $0.name != "image" }) {
            throw Problem.badRequest("multipart part \"\(other.name)\": expected \"stream\" or \"image\"")
        }
        return (stream, body.parts.filter { $0.name == "image" })
    }

    /// Decodes the stored input as the render will, so a malformed stream is a 400 naming the
    /// line now, not a failed job later.
    static func validate(_ job: RenderJobRecord, files: JobFiles, configuration: ServiceConfiguration) async throws {
        var settings = try RenderSettings(spec: job.spec)
        if job.input == .trace { settings.clientTrace = true }
        settings.pictures = try files.pictures(job.id)
        let renderJob = try settings.job(input: .file(files.input(job)))
        let result = await JobRunner.onItsOwnThread { try renderJob.transcript() }
        if case .failure(let error) = result {
            let message = (error as? InputError)?.message ?? "\(error)"
            // The message names the stored file; the client knows it as the body.
            throw Problem(.badRequest, "Bad stream", message.replacingOccurrences(of: files.input(job), with: "the body"))
        }
    }
}
