import Foundation
import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore
import Streamshot

/// `GET /v1/sessions/{id}/ws`: a session's events over a WebSocket, one record (or several
/// lines) a message. Closing the socket closes the session. A message that raised warnings or
/// had unreadable lines (not kept) is answered with a text message saying so, as a POST's answer
/// does: `{"refused":["line 3 ({oops): JSON does not parse"],"warnings":[…]}`. Upgrades happen before routing, so
/// the token is checked here; an upgrade this declines is answered with the reason `refusal`
/// gives (401, 404 or 409, in problem+json), which `UpgradeRefusal` writes.
enum SessionSocket {
    static func shouldUpgrade(_ head: HTTPRequest, channel: any Channel, sessions: LiveSessions, tokens: [[UInt8]], maxMessageBytes: Int) async
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    {
        let path = String((head.path ?? "").split(separator: "?", maxSplits: 1).first ?? "")
        if let problem = refusal(path: head.path, authorization: head.headerFields[.authorization], sessions: sessions, tokens: tokens) {
            await UpgradeRefusal.owe(problem, path: path, on: channel)
            return .dontUpgrade
        }
        guard let session = sessionId(head.path).flatMap(sessions.session) else { return .dontUpgrade }
        // HTTP ends here: the handlers that watch HTTP requests would read WebSocket frames.
        await GuardedHTTPChannel.removeHTTPHandlers(channel)
        return .upgrade([:]) { inbound, outbound, context in
            do {
                for try await message in inbound.messages(maxSize: maxMessageBytes) {
                    let refused = try session.receive(lines(message))
                    if let answer = answer(refused: refused, warnings: session.newWarnings()) { try await outbound.write(.text(answer)) }
                }
                session.close()
            } catch let problem as Problem {
                // The session keeps what arrived before; the client is told why it stopped taking more.
                try await outbound.close(.policyViolation, reason: String(problem.detail.prefix(120)))
            }
        }
    }

    /// Why an upgrade to a session's WebSocket is declined; nil when it may go ahead. The token
    /// first: without one, a client learns nothing about which sessions exist.
    static func refusal(path: String?, authorization: String?, sessions: LiveSessions, tokens: [[UInt8]]) -> Problem? {
        do {
            try BearerTokens.authorize(authorization, tokens: tokens)
        } catch let problem as Problem {
            return problem
        } catch {
            return Problem(.unauthorized, "Unauthorized", "\(error)")
        }
        guard let id = sessionId(path) else {
            return Problem.notFound("no WebSocket at \((path ?? "").prefix(200)): sessions take one at /v1/sessions/{id}/ws")
        }
        guard let session = sessions.session(id) else { return Problem.notFound("no open session \(id.prefix(100)) on this server") }
        return session.isOpen ? nil : LiveSession.ended(id)
    }

    /// `{id}` of `/v1/sessions/{id}/ws` (a query ignored); nil for any other path.
    static func sessionId(_ path: String?) -> String? {
        guard let path else { return nil }
        let parts = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "sessions", parts[4] == "ws", !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }

    /// What a message is answered with: nil when it raised nothing to say.
    static func answer(refused: [String], warnings: [String]) -> String? {
        guard !refused.isEmpty || !warnings.isEmpty else { return nil }
        return JSONText.object([
            ("refused", JSONText.array(refused.map { JSONText.string($0) })),
            ("warnings", JSONText.array(warnings.map { JSONText.string($0) }))
        ])
    }

    /// A message's bytes as whole lines: one without a final newline is one line.
    private static func lines(_ message: WebSocketMessage) -> [UInt8] {
        var bytes: [UInt8]
        switch message {
        case .text(let text): bytes = Array(text.utf8)
        case .binary(let buffer): bytes = Array(buffer.readableBytesView)
        }
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }
}
