/// Decides the response's direction before its first character is shown, and each block's
/// before its first character is shown. Decisions are made once and kept.
public struct DirectionPolicy: Sendable {
    public var rule: DirectionRule
    public var blockMode: BlockDirectionMode
    /// Forces every direction (code blocks stay LTR).
    public var forced: WritingDirection?
    /// The longest the response waits for 30 characters before deciding on what it has.
    public var maxWaitMs: Double
    public var lock: DirectionLock

    public init(
        rule: DirectionRule = .seed, blockMode: BlockDirectionMode = .auto,
        forced: WritingDirection? = nil, maxWaitMs: Double = 500, lock: DirectionLock = .beforeFirstToken
    ) {
        self.rule = rule
        self.blockMode = blockMode
        self.forced = forced
        self.maxWaitMs = maxWaitMs
        self.lock = lock
    }

    /// The naive direction of `shown` text: its first strong letter, LTR when there is none.
    public func naiveDirection(of shown: ArraySlice<Unicode.Scalar>) -> WritingDirection {
        if let forced { return forced }
        if case .decided(let direction) = DirectionRule.firstStrong.decide(shown, true) { return direction }
        return .ltr
    }

    /// The response's direction, or nil while it must still wait (nothing may be shown yet).
    /// - Parameters:
    ///   - arrived: the text arrived so far.
    ///   - waitedMs: time since the first character arrived.
    ///   - ended: the stream finished; no more text will come.
    public func responseDirection(arrived: ArraySlice<Unicode.Scalar>, waitedMs: Double, ended: Bool) -> WritingDirection? {
        if let forced { return forced }
        guard !arrived.isEmpty || ended else { return nil }
        let window = arrived.prefix(DirectionRule.windowLength)
        // The wait is for a word: Markdown's marks alone ("# ", "> ", "- ") show a reader nothing,
        // and a first chunk of "# " on a slow network must not fix an Arabic answer LTR.
        let complete =
            window.count == DirectionRule.windowLength || ended
            || (waitedMs >= maxWaitMs && window.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        switch rule.decide(window, complete) {
        case .decided(let direction): return direction
        case .noEvidence: return .ltr
        case .undetermined: return nil
        }
    }

    /// A block's direction, decided when it is first shown.
    /// - Parameters:
    ///   - firstLine: the block's content as arrived (read ahead of what is revealed), up to its first line end.
    ///   - isCode: code blocks are always LTR.
    ///   - response: the response's direction, the fallback.
    public func blockDirection(firstLine: ArraySlice<Unicode.Scalar>, isCode: Bool, response: WritingDirection) -> WritingDirection {
        if isCode { return .ltr }
        if let forced { return forced }
        if blockMode == .response { return response }
        switch rule.decide(firstLine.prefix(DirectionRule.windowLength), true) {
        case .decided(let direction): return direction
        case .noEvidence, .undetermined: return response
        }
    }
}
