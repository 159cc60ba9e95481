import Hummingbird

/// Every route but the front page and the health check needs `Authorization: Bearer <token>` with one of the
/// service's tokens, compared in constant time.
struct BearerAuthentication<Context: RequestContext>: RouterMiddleware {
    let tokens: [[UInt8]]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if !["/", "/healthz"].contains(request.uri.path) { try BearerTokens.authorize(request.headers[.authorization], tokens: tokens) }
        return try await next(request, context)
    }
}

/// The check itself, shared with the WebSocket upgrade (which no middleware sees).
enum BearerTokens {
    /// - Throws: `Problem` 401 unless `header` is `Bearer <one of tokens>` (or there are none).
    static func authorize(_ header: String?, tokens: [[UInt8]]) throws {
        guard !tokens.isEmpty else { return }
        guard let header, header.hasPrefix("Bearer ") else {
            throw Problem(
                .unauthorized, "Unauthorized", "this server needs Authorization: Bearer <token>",
                headers: [.wwwAuthenticate: "Bearer"])
        }
        let given = Array(header.dropFirst("Bearer ".count).utf8)
        // Every token is compared, each byte by byte: the time taken says nothing about which matched.
        var matched = false
        for token in tokens { matched = Self.equalInConstantTime(token, given) || matched }
        guard matched else {
            throw Problem(
                .unauthorized, "Unauthorized", "the bearer token is not one of this server's",
                headers: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
        }
    }

    static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
