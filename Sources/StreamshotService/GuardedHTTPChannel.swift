import Foundation
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The server's child channel: Hummingbird's HTTP/1 channel with the WebSocket upgrade, and two
/// handlers of ours right after the HTTP decoder — `ConnectionGuard` (timeouts, and an answer to
/// what the decoder refuses) and `UpgradeRefusal` (why an upgrade was declined).
struct GuardedHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let limits: ConnectionGuard.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // After the decoder and the upgrade handler, which are in place by now.
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits), name: ConnectionGuard.name)
            try channel.pipeline.syncOperations.addHandler(UpgradeRefusal(), name: UpgradeRefusal.name)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        // The framework logs a connection that closed before its first request (a timeout here, a
        // client gone, a port probe) as an error "handling upgrade result": it is none. At this
        // level it logs nothing else but debug and trace lines; requests log through the router.
        var quiet = logger
        quiet.logLevel = .critical
        await inner.handle(value: value, logger: quiet)
    }

    /// Takes our HTTP handlers out of a connection about to become a WebSocket.
    static func removeHTTPHandlers(_ channel: any Channel) async {
        for name in [ConnectionGuard.name, UpgradeRefusal.name] {
            try? await channel.pipeline.removeHandler(name: name).get()
        }
    }
}
