/// A client that stops listening when the reader leaves and does not start again on coming
/// back: shared/seeds/003's socket, closed in the background (`gracefulDisconnect()`) and
/// reopened in the foreground asking for nothing (`reconnectIfNeeded()`); shared/seeds/001's
/// polling, cancelled when the view disappears (`cleanup()`). From that moment nothing more of
/// the answer reaches it — not what arrived while it was away, not what came after. `done`
/// never comes either, so the stream has run out for the client once the network's capture has.
struct StopsListening {
    /// The reader's state that makes it stop: `background` (003) or `away` (001).
    package let when: AppState

    package init(when: AppState) {
        self.when = when
    }
    /// The text as it stood when it stopped.
    private var held: ArrivedText?
    /// The reasoning and tool calls as they stood then.
    private var heldActivity = ArrivedActivity()
    /// When it stopped.
    private(set) var stoppedAtMs: Double?

    /// What the client receives this frame: `arrivals`, or, once the reader has been in the
    /// state that stops it, what it had received by then.
    package mutating func apply(_ arrivals: Arrivals, appState: AppState, at timeMs: Double) -> Arrivals {
        if held == nil, appState == when, !arrivals.text.ended {
            held = arrivals.text
            heldActivity = arrivals.activity
            stoppedAtMs = timeMs
        }
        guard let held else { return arrivals }
        var result = arrivals
        result.text = held
        result.errorMessage = nil
        result.unauthorized = false
        result.isReconnecting = false
        result.droppedAtMs = nil
        result.rewrittenFrom = nil
        result.activity = heldActivity
        // The socket is gone: the capture running out (or ending) is the end of what it gets.
        result.exhausted = arrivals.exhausted || arrivals.text.ended
        return result
    }
}
