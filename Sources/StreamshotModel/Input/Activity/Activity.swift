/// What the model is doing while it is not writing the answer: reasoning, or using a tool.
/// Decoders report it as it arrives; the client decides what a reader sees of it (a "Thinking…"
/// label, a tool's status line, or nothing) and counts it as a sign of life for its timeouts.
public enum Activity: Equatable, Sendable {
    /// The model reasons: a thinking delta, a reasoning summary, a `thought` part (started or going on).
    case reasoning
    /// The model reasons, and the stream says what: its thinking text (Claude's `thinking_delta`,
    /// OpenAI's reasoning summary, Gemini's thought part…), which a reader can open.
    case reasoningText(String)
    /// A tool call starts, by the name the provider gave it ("" when the event names none).
    case toolStarted(String)
    /// More of a tool call arrived (its arguments streaming in): the call goes on.
    case toolProgress
    /// More of a tool call's arguments, as streamed JSON text (`{"query":"…`).
    case toolArguments(String)
    /// A tool call's result arrived: the call is over.
    case toolFinished
    /// A tool call's result with what it says: how many results (a search's sources), or its error.
    case toolResult(count: Int?, error: String?)

    /// Part of a tool call: its start, arguments or result.
    public var isToolCall: Bool {
        switch self {
        case .reasoning, .reasoningText: return false
        case .toolStarted, .toolProgress, .toolArguments, .toolFinished, .toolResult: return true
        }
    }

    /// The word `inspect` uses for it.
    public var name: String {
        switch self {
        case .reasoning, .reasoningText: return "reasoning"
        case .toolStarted: return "tool-started"
        case .toolProgress, .toolArguments: return "tool-progress"
        case .toolFinished, .toolResult: return "tool-finished"
        }
    }
}

/// How decoders say "thinking" and "tool": one spelling for all of them, so a decoder maps its
/// provider's events in small cases and a decoder written before activity was carried (one that
/// still says `.skipped("thinking")` or `.skipped("tool-call")`) is redirected in one place.
extension DecodedEvent {
    /// The model thinking (any provider's reasoning event).
    public static let thinking = DecodedEvent.activity(.reasoning)
    /// The model thinking, with what it thinks when the event carries it (nil or empty: just thinking).
    public static func thinking(_ text: String?) -> DecodedEvent {
        guard let text, !text.isEmpty else { return thinking }
        return .activity(.reasoningText(text))
    }
    /// A tool call starting; `name` as the provider sent it.
    public static func toolCall(_ name: String?) -> DecodedEvent { .activity(.toolStarted(name ?? "")) }
    /// More of the tool call in progress (its arguments).
    public static let toolInput = DecodedEvent.activity(.toolProgress)
    /// More of the tool call's arguments, with their text when the event carries it.
    public static func toolInput(_ text: String?) -> DecodedEvent {
        guard let text, !text.isEmpty else { return toolInput }
        return .activity(.toolArguments(text))
    }
    /// The tool call's result.
    public static let toolResult = DecodedEvent.activity(.toolFinished)

    /// A skipped category as the activity it stands for: "thinking" is reasoning, "tool-call" a
    /// tool call going on (a new one, nameless, when none is); nil for every other category.
    public static func activity(category: String) -> DecodedEvent? {
        switch category {
        // Cohere's tool plan is the model saying what it will do: its reasoning, shown as such.
        case "thinking", "reasoning", "tool-plan": return .thinking
        case "tool-call", "tool": return .toolCall(nil)
        case "tool-result": return .toolResult
        default: return nil
        }
    }
}
