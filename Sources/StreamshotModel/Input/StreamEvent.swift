/// One thing that happened on the network, at the time it arrived.
public struct StreamEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// New text appended to the answer.
        case delta(String)
        /// The whole answer so far, as a polling client receives it.
        case snapshot(String)
        /// The stream finished normally.
        case done
        /// The stream failed; text that arrived before stays.
        case error(String)
        /// The server revoked the session mid-stream (a 401): the stream ends; text before it stays.
        case unauthorized(String)
        /// The connection dropped here; the client reconnects (the detail says how, e.g. the Last-Event-ID).
        case reconnect(String)
        /// The model reasons or uses a tool: no text, but a sign the answer is coming.
        case activity(Activity)
        /// A citation of words already arrived (or a source the answer used, with no words).
        case citation(Citation)
    }

    /// Arrival time in milliseconds from the start of the request.
    public var timeMs: Double
    public var kind: Kind

    public init(timeMs: Double, kind: Kind) {
        self.timeMs = timeMs
        self.kind = kind
    }
}

/// A decoded, timed stream: what the renderer replays.
public struct Transcript: Equatable, Sendable {
    public var events: [StreamEvent]
    public var warnings: [RenderWarning]
    /// Non-text events skipped, by category ("usage", "repeat", "other"); reasoning and tool
    /// calls are events (`activity`), not skipped.
    public var skipped: [String: Int]
    /// The provider format the events were read as, when the input had one.
    public var format: String?
    /// The network profile and seed the input was read with (they time inputs without stamps).
    public var network: NetworkTiming?
    /// The client's own decisions, when the input is a client trace: the render executes them.
    public var clientTrace: ClientTrace?
    /// The capture carries its own arrival times (SSE `: t=` stamps, JSON Lines `t`, a trace's):
    /// no network profile times it.
    public var carriesTimes = false
    /// The declared mapping the events were read by, as its options (`--map-text /a …`): the manifest records it.
    public var mapping: String?
    /// What each event of the input was read as, in order (`inspect` prints them).
    public var reads: [EventRead] = []

    public init(
        events: [StreamEvent], warnings: [RenderWarning] = [], skipped: [String: Int] = [:], format: String? = nil,
        network: NetworkTiming? = nil
    ) {
        self.events = events
        self.warnings = warnings
        self.skipped = skipped
        self.format = format
        self.network = network
    }
}

/// A network profile by name, with its seed: same pair, same schedule.
public struct NetworkTiming: Equatable, Sendable {
    public var profile: String
    public var seed: UInt64

    public init(profile: String, seed: UInt64) {
        self.profile = profile
        self.seed = seed
    }
}

extension RenderWarning {
    /// " (first problem: …)" for a refusal: a line that is not what was expected says more than
    /// the invalid UTF-8 inside it, so a line-level problem is named before a byte-level one.
    static func firstProblem(in warnings: [RenderWarning]) -> String {
        let first = warnings.first { $0.kind != .invalidUTF8 } ?? warnings.first
        return first.map { " (first problem: \($0.message))" } ?? ""
    }
}
