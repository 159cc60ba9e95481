/// What `--format` names: detection, one event format forced, or a team's client trace.
enum EventFormatChoice: NamedOptionValue {
    /// Detected from the first event.
    case auto
    case forced(StreamFormat)
    /// A .jsonl read as a team's client trace.
    case clientTrace

    static var optionChoices: [EventFormatChoice] { [.auto] + StreamFormat.forcible.map(EventFormatChoice.forced) + [.clientTrace] }

    var optionName: String {
        switch self {
        case .auto: return "auto"
        case .forced(let format): return format.name
        case .clientTrace: return "client-trace"
        }
    }

    /// The input is a team's client trace, not events.
    var readsClientTrace: Bool {
        if case .clientTrace = self { return true }
        return false
    }

    /// The format events are read with (nil: detected, or not events).
    var format: StreamFormat? {
        if case .forced(let format) = self { return format }
        return nil
    }
}
