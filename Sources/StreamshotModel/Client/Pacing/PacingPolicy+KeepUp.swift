extension PacingPolicy {
    /// The reference's display buffer: it keeps up with the network and never dumps its backlog.
    /// While the answer streams it reveals ~300 characters a second, plus everything waiting beyond
    /// `keepUpLagCharacters` within `keepUpCatchUpSeconds` (so what is shown stays about a second
    /// behind what arrived, on a fast network too); once the stream has ended, what is left
    /// finishes within `keepUpEndSeconds`, at least as fast as before the end, word by word —
    /// never in one frame. (`smooth` and the notes' clients flush on `done`, as their notes say;
    /// over 3g that put 19-41% of an answer on screen in a single frame.)
    public static let keepUp = PacingPolicy(
        name: "keep-up",
        summary: "~300 chars/s, faster as the backlog grows (about a second behind at most); whole words, whole code lines; " +
                 "after the end, the rest within half a second, never in one frame"
    ) { state, input in
        let text = input.text
        let backlog = text.count - input.revealed
        var rate = keepUpRate(backlog: backlog)
        if text.ended {
            // The pace that finishes the backlog found at the end by the deadline, held from there.
            let endedAt = state.endedAtMs ?? input.timeMs
            if state.endedAtMs == nil {
                state.endedAtMs = endedAt
                state.backlogAtEnd = backlog
            }
            if input.timeMs - endedAt >= keepUpEndSeconds * 1000 { return text.count }
            rate = max(rate, Double(state.backlogAtEnd) / keepUpEndSeconds)
        }
        state.credit += rate * input.frameMs / 1000
        var revealed = input.revealed
        while state.credit > 0, let next = text.nextBoundary(after: revealed) {
            state.credit -= Double(next - revealed)
            revealed = next
        }
        // Credit is not banked while starved, or the next arrival would burst out at once.
        if state.credit > 0 { state.credit = min(state.credit, keepUpRate(backlog: 0) * input.frameMs / 1000) }
        return revealed
    }

    /// The backlog the reference lets wait before it speeds up: about a line and a half.
    public static let keepUpLagCharacters = 100.0
    /// Everything waiting beyond `keepUpLagCharacters` is revealed within this, on top of the base rate.
    public static let keepUpCatchUpSeconds = 0.75
    /// After the stream's end, what is left is on screen within this.
    public static let keepUpEndSeconds = 0.5

    /// The reveal rate while streaming, in characters a second: `300 + max(0, backlog - 100) / 0.75`.
    public static func keepUpRate(backlog: Int) -> Double {
        smoothBaseRate + max(0, Double(backlog) - keepUpLagCharacters) / keepUpCatchUpSeconds
    }
}
