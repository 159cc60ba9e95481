public import Streamshot

/// What a reader does during a clean render, timed from the stream's own text arrivals: nothing,
/// or one of the things readers do while an answer streams. Each is something a clean client
/// lives through without a fault a detector should name.
public enum ReaderScript: String, CaseIterable, Sendable {
    case none
    /// Drags up 400 pt to reread, then back down.
    case scrollUpAndBack = "scroll-up-and-back"
    /// Drags up 400 pt, then taps "↓ New content".
    case tapPill = "tap-pill"
    /// Drags the newest wide table sideways and back (nothing happens without one).
    case dragTable = "drag-table"
    /// Taps stop halfway (a client without a stop button ignores it).
    case stop
    /// Sends the app to the background and brings it back 2 s later.
    case backgroundAndBack = "background-and-back"
    /// Switches to another conversation and back 2 s later.
    case switchAwayAndBack = "switch-away-and-back"

    /// The actions, for a stream whose text arrives from `firstMs` to `lastMs`.
    public func actions(firstMs: Double, lastMs: Double) -> [ReaderAction] {
        let span = max(lastMs - firstMs, 2000)
        let at = { (share: Double) in (firstMs + span * share).rounded() }
        switch self {
        case .none: return []
        case .scrollUpAndBack:
            return [ReaderAction(timeMs: at(0.4), kind: .scroll(byPt: -400)), ReaderAction(timeMs: at(0.4) + 1500, kind: .scroll(byPt: 400))]
        case .tapPill:
            return [ReaderAction(timeMs: at(0.4), kind: .scroll(byPt: -400)), ReaderAction(timeMs: at(0.4) + 1500, kind: .tapNewContent)]
        case .dragTable:
            return [
                ReaderAction(timeMs: at(0.7), kind: .scrollTable(byPt: -160)), ReaderAction(timeMs: at(0.7) + 1000, kind: .scrollTable(byPt: 160))
            ]
        case .stop:
            return [ReaderAction(timeMs: at(0.5), kind: .stop)]
        case .backgroundAndBack:
            return [ReaderAction(timeMs: at(0.4), kind: .background), ReaderAction(timeMs: at(0.4) + 2000, kind: .foreground)]
        case .switchAwayAndBack:
            return [ReaderAction(timeMs: at(0.4), kind: .switchAway), ReaderAction(timeMs: at(0.4) + 2000, kind: .switchBack)]
        }
    }
}
