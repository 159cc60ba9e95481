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
        summary: "~300 chars/s, faster as the backlog grows (about a second behind at most); whole words, whole code lines; "
            + "after the end, the rest within about half a second, word by word, never over 1,200 a second",
        wholeWords: true
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
            rate = max(rate, Double(state.backlogAtEnd) / keepUpEndSeconds)
        }
        state.credit += min(rate, keepUpMaxRate) * input.frameMs / 1000
        var revealed = input.revealed
        // Never more than the fastest rate's share of a frame, unless one word alone is longer.
        let frameCap = Int(keepUpMaxRate * input.frameMs / 1000)
        while state.credit > 0, let next = text.nextBoundary(after: revealed), revealed == input.revealed || next - input.revealed <= frameCap {
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
    /// After the stream's end, what is left is on screen within this — unless that would pass `keepUpMaxRate`.
    public static let keepUpEndSeconds = 0.5
    /// The fastest it ever reveals, in characters a second: 20 a frame at 60 fps, under what a
    /// reader (and `check`'s burst rule, 24 in a frame) takes for a block landing at once. A
    /// backlog of 800 characters at the end takes 0.67 s rather than 0.5.
    public static let keepUpMaxRate = 1200.0

    /// The reveal rate while streaming, in characters a second: `300 + max(0, backlog - 100) / 0.75`.
    public static func keepUpRate(backlog: Int) -> Double {
        smoothBaseRate + max(0, Double(backlog) - keepUpLagCharacters) / keepUpCatchUpSeconds
    }
}
