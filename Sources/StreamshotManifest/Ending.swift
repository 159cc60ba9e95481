/// How a stream ended, as the client showed it: recorded once, at the manifest's top level.
public struct Ending: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The server said it was done.
        case done
        /// The client's timeout came first (`EndingPolicy.timeoutMs`).
        case timeout
        /// The server reported an error.
        case error
        /// The connection dropped and the client's reconnects all failed (`ReconnectPolicy`).
        case gaveUp = "gave-up"
        /// The server revoked the session mid-stream (a 401).
        case unauthorized
        /// The reader stopped it.
        case stopped
        /// The capture stopped with no `done`, and the client has no timeout to end it.
        case incomplete
        /// The reader left the conversation and the client stopped listening: polling and its
        /// timeout cancelled (shared/seeds/001's `.onDisappear { cleanup() }`); the answer stays
        /// as it stood, still marked as streaming.
        case left
        /// The client never sent the request: the reader's token budget was spent, so send was
        /// disabled before it was made (shared/seeds/000).
        case notSent = "not-sent"

        /// Endings the reader must be told of: every one but done, the reader's own stop, and a
        /// request never sent (the budget pill says why; there is nothing to retry).
        public var needsAffordance: Bool { self != .done && self != .stopped && self != .notSent }
    }

    public var kind: Kind
    /// The frame time at which the client ended the stream.
    public var timeMs: Double

    public init(kind: Kind, timeMs: Double) {
        self.kind = kind
        self.timeMs = timeMs
    }
}
