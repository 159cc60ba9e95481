import Foundation
import Hummingbird

/// An error a client is told about as `application/problem+json` (RFC 9457): what was wrong,
/// in a sentence that names it.
struct Problem: HTTPResponseError {
    let status: HTTPResponse.Status
    let title: String
    let detail: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ title: String, _ detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body: [String: Any] = ["type": "about:blank", "title": title, "status": Int(status.code), "detail": detail,
                                   "instance": request.uri.path]
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func notFound(_ what: String) -> Problem { Problem(.notFound, "Not found", what) }
    static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, "Bad request", detail) }
}

/// The one boundary where every error becomes problem+json: a route's `Problem` as it is, the
/// framework's errors (no route, body too large) with their status, anything else as a 500
/// whose detail the log keeps.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            return try problem.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            let detail = (error as? HTTPError)?.body ?? "\(error.status.reasonPhrase)"
            let reason = error.status == .contentTooLarge ? "the body is larger than this server takes (--max-body)" : detail
            return try Problem(error.status, error.status.reasonPhrase, reason).response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return try Problem(.internalServerError, "Internal server error", "the server could not answer; its log says why")
                .response(from: request, context: context)
        }
    }
}
