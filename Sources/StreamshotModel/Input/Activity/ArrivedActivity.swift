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
    /// Every tool call so far, in the order they started, with what is known of each.
    public private(set) var calls: [ToolCallRecord] = []
    /// The latest tool call going on, until its result (or the answer's text going on, which says
    /// every call is over).
    public var openTool: ToolCall? { openIndex.map { ToolCall(name: calls[$0].name, startMs: calls[$0].startMs) } }
    private var openIndex: Int? { calls.lastIndex { $0.endMs == nil } }
    /// Reasoning and tool events arrived so far (the manifest's `activity`: a sign of life).
    public private(set) var events = 0
    /// What the model said it thought, as far as the stream sent it (before the answer and after).
    public private(set) var reasoningText = ""
    /// Reasoning after the answer's text started, in bursts between pieces of text: their
    /// length so far (a "Thought for" row counts it too).
    public private(set) var laterReasoningMs = 0.0
    private var laterBurstStartMs: Double?
    private var laterBurstEndMs = 0.0

    /// The reasoning inside the answer so far, the burst going on included (to its last event).
    public var reasoningInsideAnswerMs: Double { laterReasoningMs + (laterBurstStartMs.map { laterBurstEndMs - $0 } ?? 0) }

    public init() {}

    /// One activity event arrived at `timeMs`, when `textCount` characters of the answer had
    /// (nil: nothing but white space had, and the answer has not started).
    package mutating func apply(_ activity: Activity, at timeMs: Double, textCount: Int? = nil) {
        events += 1
        switch activity {
        case .reasoning, .reasoningText:
            if case .reasoningText(let text) = activity { reasoningText += text }
            guard !textStarted else {
                if laterBurstStartMs == nil { laterBurstStartMs = timeMs }
                laterBurstEndMs = timeMs
                return
            }
            if reasoningStartMs == nil { reasoningStartMs = timeMs }
            reasoningEndMs = timeMs
        case .toolStarted(let name):
            // A nameless start while a call is going on is more of that call.
            if name.isEmpty, openIndex != nil { return }
            calls.append(ToolCallRecord(name: name, startMs: timeMs, afterChars: textCount))
        case .toolProgress, .toolArguments:
            if openIndex == nil { calls.append(ToolCallRecord(name: "", startMs: timeMs, afterChars: textCount)) }
            if case .toolArguments(let text) = activity, let open = openIndex { calls[open].arguments += text }
        case .toolFinished, .toolResult:
            // Calls made together end in the order they were made (results carry no call the
            // decoders match them by).
            guard let first = calls.firstIndex(where: { $0.endMs == nil }) else { return }
            calls[first].endMs = timeMs
            if case .toolResult(let count, let error) = activity { (calls[first].results, calls[first].error) = (count, error) }
        }
    }

    /// Text arrived at `timeMs`: the reasoning before it is over, and so is a tool call.
    mutating func textArrived(at timeMs: Double) {
        if !textStarted, reasoningStartMs != nil { reasoningEndMs = timeMs }
        // A burst of reasoning inside the answer lasts until the text goes on.
        if let start = laterBurstStartMs {
            laterReasoningMs += timeMs - start
            laterBurstStartMs = nil
        }
        textStarted = true
        endCalls(at: timeMs)
    }

    /// The stream ended: nothing is going on any more.
    package mutating func ended(at timeMs: Double) {
        endCalls(at: timeMs)
    }

    /// Every call still going on is over.
    private mutating func endCalls(at timeMs: Double) {
        for index in calls.indices where calls[index].endMs == nil { calls[index].endMs = timeMs }
    }
}

/// A tool call as the stream told of it: its name, when it ran, its arguments as they streamed,
/// and its result's count or its error.
public struct ToolCallRecord: Equatable, Sendable {
    public var name: String
    public var startMs: Double
    /// When its result came (nil: still running, or the stream never said).
    public var endMs: Double?
    /// Its arguments' JSON text as streamed so far.
    public var arguments = ""
    /// How many results it gave (a search's sources), when the result said.
    public var results: Int?
    /// Its error, when it failed.
    public var error: String?
    /// Made after the answer's text started: how many of its characters had arrived (the card
    /// sits there in the answer's flow); nil for a call made before the answer.
    public var afterChars: Int?

    public init(name: String, startMs: Double, afterChars: Int? = nil) {
        self.name = name
        self.startMs = startMs
        self.afterChars = afterChars
    }
}
