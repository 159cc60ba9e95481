import Foundation
import Hummingbird
import NIOHTTP1

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
        var fields = headers
        fields[.contentType] = "application/problem+json"
        let body = Self.json(status: Int(status.code), title: title, detail: detail, instance: request.uri.path)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The problem+json body; also written where no request reached a route (the connection guard).
    static func json(status: Int, title: String, detail: String, instance: String?) -> [UInt8] {
        var body: [String: Any] = ["type": "about:blank", "title": title, "status": status, "detail": detail]
        body["instance"] = instance
        // Force-try: strings and an integer always serialise.
        return Array(try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    static func notFound(_ what: String) -> Problem { Problem(.notFound, "Not found", what) }
    static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, "Bad request", detail) }
}

/// The one boundary where every error becomes problem+json: a route's `Problem` as it is, the
/// framework's errors (no route, body too large) with their status, a body that is not HTTP as
/// a 400, anything else as a 500 whose detail the log keeps.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            return try problem.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try Self.problem(for: error, request).response(from: request, context: context)
        } catch let error as HTTPParserError {
            // A chunk size that does not read, say: the client's mistake, met while reading its body.
            return try Problem(
                .badRequest, "Bad request", "the request body is not HTTP/1.1 this server reads (\(error))",
                headers: [.connection: "close"]
            ).response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return try Problem(.internalServerError, "Internal server error", "the server could not answer; its log says why")
                .response(from: request, context: context)
        }
    }

    /// The framework's error as a problem; no route for the method on a path that has routes is a 405 saying which.
    static func problem(for error: any HTTPResponseError, _ request: Request) -> Problem {
        if error.status == .notFound, let allowed = RouteMethods.allowed(request.uri.path), !allowed.contains(request.method.rawValue) {
            return Problem(
                .methodNotAllowed, "Method not allowed",
                "\(request.uri.path) takes \(allowed.joined(separator: ", ")), not \(request.method.rawValue)",
                headers: [.allow: allowed.joined(separator: ", ")])
        }
        let detail = (error as? HTTPError)?.body ?? "\(error.status.reasonPhrase)"
        let reason = error.status == .contentTooLarge ? "the body is larger than this server takes (--max-body)" : detail
        return Problem(error.status, error.status.reasonPhrase, reason)
    }
}
