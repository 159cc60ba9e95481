/// What one input event was read as, for `inspect`: where it was, when, what it became (`text`,
/// `end`, `error`, `skipped:thinking`, `ignored`, `invalid`), and, under a declared mapping,
/// which options' pointers found a value in it.
public struct EventRead: Equatable, Sendable {
    public var place: String
    public var timeMs: Double
    public var read: [String]
    public var matched: [String]

    /// A decoded event's name as `inspect` shows it.
    package static func name(_ decoded: DecodedEvent) -> String {
        switch decoded {
        case .text: "text"
        case .snapshot: "snapshot"
        case .done: "end"
        case .error: "error"
        case .unauthorized: "unauthorized"
        case .skipped(let category):
            // What the transcript makes of it: a decoder's "thinking" or "tool-call" is activity.
            if case .activity(let activity)? = DecodedEvent.activity(category: category) {
                "activity:\(activity.name)"
            } else {
                "skipped:\(category)"
            }
        case .activity(let activity): "activity:\(activity.name)"
        case .textBlockStart: "block-start"
        case .textBlockContinues: "block-continues"
        case .blockEnd: "block-end"
        case .citation(let read): read.inspectName
        case .ignored: "ignored"
        case .invalid: "invalid"
        }
    }
}
