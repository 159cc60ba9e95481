import Foundation

/// Which overlays a client shows, and when: the status it gives the reader while an answer
/// streams and when it ends. The decisions are made in `decide(_:)`; layout places them.
public struct OverlayPolicy: Sendable, Equatable {
    /// Pulsing dots until the first block is on screen.
    public var typingIndicator = true
    /// The shortest time the dots stay up (shared/seeds/000: 500 ms): text arriving sooner waits.
    public var typingIndicatorMinMs = 0.0
    /// A caption under the streaming answer naming the assistant (shared/seeds/003: "Claude is
    /// typing..."); nil: none.
    public var typingCaptionName: String?
    /// The caption has a spinner at its start (shared/seeds/003's `ProgressView()`).
    public var typingCaptionSpinner = false
    /// A caret stands after the newest text while it streams; false: none (a SwiftUI `Text`
    /// has none; shared/seeds/002's blinking cursor is phase 4, not built).
    public var caret = true
    /// A pill while the connection is re-established.
    public var reconnecting = true
    /// A "Stop generating" button while the answer streams (shared/seeds/000).
    public var stopButton = false
    /// A warning on a `2g` or `slow-2g` link (shared/seeds/000).
    public var slowConnectionWarning = false
    /// Progress from headings on long drafts (shared/seeds/000); nil: none.
    public var progress: ProgressPolicy?
    /// "↓ New content" while the reader is scrolled up and text arrives below (shared/seeds/002).
    public var newContentPill = true
    /// A button (Retry, Resume, Sign in) under an ending that is not done or stopped.
    public var endingButton = true
    /// The finished message's time under it, once `done` (shared/seeds/003's `MessageBubbleView`).
    public var timestamp = false
    /// "Summary mode" suggested on a link whose downlink is under 0.5 Mbps (shared/seeds/000).
    public var summaryModeSuggestion = false
    /// The reader's token budget, when the request came with one (`--token-budget`): its pill
    /// by the composer; spent, the request is never sent (shared/seeds/000).
    public var tokenBudget: TokenBudget?
    /// What it shows of the model's reasoning and tool calls; nil: nothing (its typing
    /// indicator, if it has one, stands through them).
    public var activity: ActivityPolicy? = ActivityPolicy()

    public init() {}

    /// The overlays of a frame in this state, in drawing order.
    func decide(_ state: OverlayState) -> [Overlay] {
        let language = state.language
        var overlays: [Overlay] = []
        let activity = self.activity?.decide(state, thoughtSeconds: state.thoughtSeconds) ?? (beforeText: nil, rows: [])
        // The model's activity says more than the dots: it takes their place.
        if let beforeText = activity.beforeText {
            overlays.append(beforeText)
        } else if state.waitingForText, typingIndicator {
            overlays.append(Overlay(.typingIndicator))
        }
        overlays += activity.rows
        // A tool's status line under the answer, or its running card there, stands in for the typing caption.
        let toolLine = activity.rows.contains { $0.kind == .toolStatus || ($0.block != nil && $0.spinner) }
        if state.streaming, !state.waitingForText, !toolLine, let name = typingCaptionName {
            overlays.append(Overlay(.typingIndicator, text: language.isTyping(name), spinner: typingCaptionSpinner))
        }
        if let ending = state.ending, ending.needsAffordance, let notice = state.notice {
            overlays.append(Overlay(.error, text: notice))
        }
        var band: [Overlay] = []
        if let ending = state.ending, ending.needsAffordance, endingButton, state.endingShown {
            band.append(Overlay(.retry, text: ending == .gaveUp ? language.resume : ending == .unauthorized ? language.signIn : language.retry))
        }
        if state.reconnecting, reconnecting { band.append(Overlay(.reconnecting, text: language.reconnecting)) }
        if state.streaming, slowConnectionWarning, let type = state.conditions?.effectiveType, type == "2g" || type == "slow-2g" {
            band.append(Overlay(.slowConnection, text: language.slowConnection))
        }
        if state.streaming, let progress, let clause = progress.clause(state.drafting) {
            band.append(Overlay(.progress, text: language.drafting(clause: clause, of: progress.expectedClauses)))
        }
        if summaryModeSuggestion, let downlink = state.conditions?.downlinkMbps, downlink < 0.5 {
            band.append(Overlay(.summaryMode, text: language.summaryMode))
        }
        if let tokenBudget {
            band.append(Overlay(.tokenBudget, text: language.tokensRemaining(tokenBudget.remaining), warning: tokenBudget.isLow))
        }
        // The composer's band holds one pill: the most urgent.
        if let first = Overlay.Kind.bandPriority.lazy.compactMap({ kind in band.first { $0.kind == kind } }).first {
            overlays.append(first)
        }
        if state.streaming, stopButton { overlays.append(Overlay(.stopButton, text: language.stopGenerating)) }
        if timestamp, state.ending == .done, state.endingShown, let doneAtMs = state.doneAtMs {
            overlays.append(Overlay(.timestamp, text: Self.clockTime(atMs: doneAtMs)))
        }
        return overlays
    }
}

extension OverlayPolicy {
    /// The time a message shows (`.dateTime.hour().minute()` in the en_US locale), on the frame
    /// clock: the request at 9:41 AM, the time Apple's screenshots show; never the wall clock,
    /// so the same input draws the same time.
    static func clockTime(atMs ms: Double) -> String {
        let minutes = 9 * 60 + 41 + Int((ms / 60_000).rounded(.down))
        let hour = (minutes / 60) % 24
        return "\((hour + 11) % 12 + 1):\(String(format: "%02d", minutes % 60)) \(hour < 12 ? "AM" : "PM")"
    }
}

/// What the overlays of a frame depend on, as the client model knows it.
struct OverlayState {
    package var language: AppLanguage
    /// Nothing is on screen yet and the answer has not ended.
    var waitingForText: Bool
    /// The request is on and has not ended.
    package var streaming: Bool
    package var reconnecting: Bool
    var conditions: NetworkConditions?
    /// The ending, once decided.
    package var ending: Ending.Kind?
    /// The notice the ending shows in the document, once it is shown.
    package var notice: String?
    /// Everything that arrived before the ending is shown (the ending's notice with it).
    var endingShown: Bool
    var drafting: DraftingState
    /// When the client took the answer as done.
    var doneAtMs: Double?
    /// The frame time (the thinking label counts seconds on it).
    package var timeMs = 0.0
    /// The model's reasoning and tool calls so far.
    package var activity = ArrivedActivity()
    /// The "Thought for" row's seconds, decided with the first block shown; nil: no row.
    var thoughtSeconds: Int?
    /// The tool calls made before the answer, shown as cards above it (decided with the first block).
    var toolCards: [ToolCallRecord] = []
    /// The tool calls made inside the answer whose cards are in its flow, each with its card's block.
    var flowCards: [(call: ToolCallRecord, block: Int)] = []
    /// The reader opened the "Thought for" row.
    var reasoningOpen = false
}

/// How far a long draft has come: its size so far and its headings.
struct DraftingState: Equatable {
    /// Characters arrived.
    var arrivedChars = 0
    /// The level of each heading shown, in order.
    var headingLevels: [Int] = []
}

/// shared/seeds/000: "Long-form document drafts (>1000 tokens): show a progress indicator
/// ('Drafting clause 3 of 7…') derived from heading-detection in the stream".
public struct ProgressPolicy: Sendable, Equatable {
    /// A draft is long from this many tokens on (estimated at 4 characters a token, as
    /// tokenizers average on English; Arabic runs fewer characters a token, so it shows sooner).
    public var minTokens = 1000
    /// How many clauses the draft has, when the request said (an app that asks for a 7-clause
    /// NDA knows); nil: the label counts without a total.
    public var expectedClauses: Int?

    public init(minTokens: Int = 1000, expectedClauses: Int? = nil) {
        self.minTokens = minTokens
        self.expectedClauses = expectedClauses
    }

    /// The clause being drafted: how many headings are shown at the clauses' level, the level of
    /// the first heading that is not the draft's title (a level-1 heading followed by deeper
    /// ones); nil while there is none yet, or the draft is not known to be long (short so far,
    /// and the request did not say).
    func clause(_ state: DraftingState) -> Int? {
        guard expectedClauses != nil || state.arrivedChars >= minTokens * 4 else { return nil }
        var levels = state.headingLevels[...]
        if levels.first == 1, levels.count == 1 || levels.dropFirst().first! > 1 { levels = levels.dropFirst() }
        guard let clauseLevel = levels.first else { return nil }
        return levels.filter { $0 == clauseLevel }.count
    }
}
