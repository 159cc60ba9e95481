/// Something the reader does while the answer streams, at a time on the frame clock.
public struct ReaderAction: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Drags the view by this many points (negative: up, toward the start).
        case scroll(byPt: Double)
        /// Drags the last table shown sideways by this many points: positive shows more of its
        /// end (what lies past its end edge, the left in RTL), negative goes back to its start.
        case scrollTable(byPt: Double)
        case scrollToBottom
        /// Taps the "↓ New content" pill.
        case tapNewContent
        /// Presses "Stop generating".
        case stop
        /// Sends the app to the background, and brings it back.
        case background, foreground
        /// Leaves the conversation for another, and comes back to it.
        case switchAway, switchBack
        /// Sends a new message (the view pins to the bottom again).
        case send
        /// Taps the "Thought for" row: the reasoning opens above the answer.
        case expandReasoning
        /// Drags the opened reasoning's box by this many points: positive reads on into it,
        /// negative goes back toward its start.
        case scrollReasoning(byPt: Double)
    }

    /// When, in ms from the request.
    public var timeMs: Double
    public var kind: Kind

    public init(timeMs: Double, kind: Kind) {
        self.timeMs = timeMs
        self.kind = kind
    }

    /// The action's name, as interaction scripts and the manifest spell it.
    public var name: String {
        switch kind {
        case .scroll: return "scroll"
        case .scrollTable: return "scroll-table"
        case .scrollToBottom: return "scroll-to-bottom"
        case .tapNewContent: return "tap-new-content"
        case .stop: return "stop"
        case .background: return "background"
        case .foreground: return "foreground"
        case .switchAway: return "switch-away"
        case .switchBack: return "switch-back"
        case .send: return "send"
        case .expandReasoning: return "expand"
        case .scrollReasoning: return "scroll-reasoning"
        }
    }

    /// Every name an action may have.
    public static let names = [
        "scroll", "scroll-table", "scroll-to-bottom", "tap-new-content", "stop", "background", "foreground",
        "switch-away", "switch-back", "send", "expand", "scroll-reasoning"
    ]

    /// What an `expand` opens (`expand@3s:reasoning`, `"target":"reasoning"`): the one thing so far.
    static let expandTargets = ["reasoning"]

    /// The actions that take a distance (`by`, in points), and need one.
    package static let moves: Set = ["scroll", "scroll-table", "scroll-reasoning"]

    /// The action called `name`; `by` is the scroll's distance in points, required for `moves` only.
    package static func kind(named name: String, by: Double?) -> Kind? {
        switch name {
        case "scroll": return by.map { .scroll(byPt: $0) }
        case "scroll-table": return by.map { .scrollTable(byPt: $0) }
        case "scroll-to-bottom": return .scrollToBottom
        case "tap-new-content": return .tapNewContent
        case "stop": return .stop
        case "background": return .background
        case "foreground": return .foreground
        case "switch-away": return .switchAway
        case "switch-back": return .switchBack
        case "send": return .send
        case "expand": return .expandReasoning
        case "scroll-reasoning": return by.map { .scrollReasoning(byPt: $0) }
        default: return nil
        }
    }
}
