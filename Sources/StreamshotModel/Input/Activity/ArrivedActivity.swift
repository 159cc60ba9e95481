/// What the model has done besides writing, as it arrived by a frame's time: the client
/// model's input for its "Thinking…" label, its "Thought for N s" row and a tool's status line.
public struct ArrivedActivity: Equatable, Sendable {
    /// A tool call going on.
    public struct ToolCall: Equatable, Sendable {
        /// As the provider named it ("" when it did not).
        public var name: String
        public var startMs: Double
    }

    /// When the model began reasoning before the answer's first text (nil: it did not).
    public private(set) var reasoningStartMs: Double?
    /// When that reasoning ended: the first text's arrival, or the last reasoning event while no
    /// text has come (it is still going on, as far as anyone can tell).
    public private(set) var reasoningEndMs: Double?
    /// The first text arrived: reasoning from now on is no longer "before the answer".
    public private(set) var textStarted = false
    /// The tool call going on, until its result (or the answer's text going on, which says it is over).
    public private(set) var openTool: ToolCall?
    /// Reasoning and tool events arrived so far (the manifest's `activity`: a sign of life).
    public private(set) var events = 0

    public init() {}

    /// One activity event arrived at `timeMs`.
    package mutating func apply(_ activity: Activity, at timeMs: Double) {
        events += 1
        switch activity {
        case .reasoning:
            guard !textStarted else { return }
            if reasoningStartMs == nil { reasoningStartMs = timeMs }
            reasoningEndMs = timeMs
        case .toolStarted(let name):
            // A nameless start while a call is going on is more of that call.
            if name.isEmpty, openTool != nil { return }
            openTool = ToolCall(name: name, startMs: timeMs)
        case .toolProgress:
            if openTool == nil { openTool = ToolCall(name: "", startMs: timeMs) }
        case .toolFinished:
            openTool = nil
        }
    }

    /// Text arrived at `timeMs`: the reasoning before it is over, and so is a tool call.
    mutating func textArrived(at timeMs: Double) {
        if !textStarted, reasoningStartMs != nil { reasoningEndMs = timeMs }
        textStarted = true
        openTool = nil
    }

    /// The stream ended: nothing is going on any more.
    package mutating func ended() {
        openTool = nil
    }
}
