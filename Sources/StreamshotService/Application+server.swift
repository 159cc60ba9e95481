import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

extension HTTPServerBuilder {
    /// HTTP/1 with the sessions' WebSocket upgrade, its headers capped and its connections
    /// guarded (`ConnectionGuard`): the limits `streamshot serve` states in docs/service.md.
    static func streamshot(_ configuration: ServiceConfiguration, sessions: LiveSessions) -> HTTPServerBuilder {
        let tokens = configuration.tokens.map { Array($0.utf8) }
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: configuration.maxHeaderBytes, maxHeaderListSize: configuration.maxHeaderBytes,
            maxHeaderFieldCount: configuration.maxHeaderFields)
        let limits = ConnectionGuard.Limits(
            header: .nanoseconds(Int64(configuration.headerTimeoutSeconds * 1e9)),
            idle: .nanoseconds(Int64(configuration.idleTimeoutSeconds * 1e9)),
            maxHeaderBytes: configuration.maxHeaderBytes, maxHeaderFields: configuration.maxHeaderFields)
        return HTTPServerBuilder { responder in
            let upgrading = HTTP1WebSocketUpgradeChannel(
                responder: responder,
                // A WebSocket message may be as large as a POST's body (`--max-body`), in one frame:
                // NIO's default of 16 KB reset the connection, with no close code, on a longer one.
                configuration: .init(http1: .init(httpDecoderConfiguration: decoder), ws: .init(maxFrameSize: configuration.maxBodyBytes))
            ) { head, channel, _ in
                await SessionSocket.shouldUpgrade(
                    head, channel: channel, sessions: sessions, tokens: tokens,
                    maxMessageBytes: configuration.maxBodyBytes)
            }
            return GuardedHTTPChannel(inner: upgrading, limits: limits)
        }
    }
}
