/// Whether blocks read their own direction or take the response's.
public enum BlockDirectionMode: String, Sendable, CaseIterable {
    case auto, response
}

/// Decides the response's direction before its first character is shown, and each block's
/// before its first character is shown. Decisions are made once and kept.
public struct DirectionPolicy: Sendable {
    public var rule: DirectionRule
    public var blockMode: BlockDirectionMode
    /// Forces every direction (code blocks stay LTR).
    public var forced: WritingDirection?
    /// The longest the response waits for 30 characters before deciding on what it has.
    public var maxWaitMs: Double

    public init(rule: DirectionRule = .seed, blockMode: BlockDirectionMode = .auto,
                forced: WritingDirection? = nil, maxWaitMs: Double = 500) {
        self.rule = rule
        self.blockMode = blockMode
        self.forced = forced
        self.maxWaitMs = maxWaitMs
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
        let complete = window.count == DirectionRule.windowLength || ended || waitedMs >= maxWaitMs
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
