/// Whether blocks read their own direction or take the response's.
public enum BlockDirectionMode: String, Sendable, CaseIterable {
    case auto, response
}

/// When directions are fixed.
public enum DirectionLock: String, Sendable, CaseIterable {
    /// Decided before the first character is shown and never changed (the rule).
    case beforeFirstToken = "before-first-token"
    /// Re-read from the text shown so far on every frame, LTR until a strong letter is shown:
    /// how a naive client behaves. It reproduces the "starts left, jumps right" bug on purpose.
    case none
}
