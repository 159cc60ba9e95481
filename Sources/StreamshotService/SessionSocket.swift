import Foundation
import HTTPTypes
import HummingbirdWebSocket
import Logging

/// `GET /v1/sessions/{id}/ws`: a session's events over a WebSocket, one record (or several
/// lines) a message. Closing the socket closes the session. Upgrades happen before routing, so
/// the token is checked here; a request this declines (no such open session, a bad token, no
/// upgrade asked) goes on to the router, which answers it.
enum SessionSocket {
    static func shouldUpgrade(_ head: HTTPRequest, sessions: LiveSessions, tokens: [[UInt8]], maxMessageBytes: Int)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        guard let id = sessionId(head.path), let session = sessions.session(id), session.isOpen,
              (try? BearerTokens.authorize(head.headerFields[.authorization], tokens: tokens)) != nil else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, context in
            do {
                for try await message in inbound.messages(maxSize: maxMessageBytes) {
                    try session.receive(lines(message))
                }
                session.close()
            } catch let problem as Problem {
                // The session keeps what arrived before; the client is told why it stopped taking more.
                try await outbound.close(.policyViolation, reason: String(problem.detail.prefix(120)))
            }
        }
    }

    /// `{id}` of `/v1/sessions/{id}/ws` (a query ignored); nil for any other path.
    static func sessionId(_ path: String?) -> String? {
        guard let path else { return nil }
        let parts = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "sessions", parts[4] == "ws", !parts[3].isEmpty else { return nil }
        return String(parts[3])
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
