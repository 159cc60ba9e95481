/// The reader as the client model sees them: their script played on the frame clock, each
/// action once, turned into what the client must do this frame.
package struct Reader {
    private let actions: [ReaderAction]
    private var next = 0
    package private(set) var appState = AppState.active
    private(set) var stopRequested = false
    /// The reader opened the reasoning (tapped the "Thought for" row).
    private(set) var reasoningOpen = false
    /// When the reader last came back to the conversation (its text then shows at once).
    private(set) var switchedBackMs: Double?

    /// What the view must do this frame.
    struct ViewRequests {
        /// How far the reader dragged, in points (negative: up).
        var dragPt = 0.0
        /// How far the reader dragged the last table shown sideways, in points (positive: toward its end).
        var tableDragPt = 0.0
        /// How far the reader dragged the opened reasoning's box, in points (positive: on into it).
        var reasoningDragPt = 0.0
        /// The reader asked for the bottom (scroll-to-bottom, the pill, send): pin, with a smooth scroll.
        var repin = false
        /// The reader came back to the conversation: pinned at the bottom at once.
        var jumpToBottom = false
    }

    /// Actions are still to come: the render goes on for them.
    var hasPendingActions: Bool { next < actions.count }

    package init(actions: [ReaderAction]) {
        self.actions = InteractionScript.ordered(actions)
    }

    /// Applies every action due by `timeMs`.
    /// - Returns: what the view must do this frame, and the actions applied.
    mutating func advance(to timeMs: Double) -> (view: ViewRequests, applied: [ReaderAction]) {
        var requests = ViewRequests()
        var applied: [ReaderAction] = []
        while next < actions.count, actions[next].timeMs <= timeMs {
            let action = actions[next]
            next += 1
            applied.append(action)
            switch action.kind {
            case .scroll(let by): requests.dragPt += by
            case .scrollTable(let by): requests.tableDragPt += by
            case .scrollToBottom, .tapNewContent, .send: requests.repin = true
            case .stop: stopRequested = true
            case .expandReasoning: reasoningOpen = true
            case .scrollReasoning(let by): requests.reasoningDragPt += by
            case .background: if appState == .active { appState = .background }
            case .foreground: if appState == .background { appState = .active }
            case .switchAway: appState = .away
            case .switchBack:
                if appState == .away {
                    appState = .active
                    switchedBackMs = timeMs
                    requests.jumpToBottom = true
                }
            }
        }
        return (requests, applied)
    }
}
