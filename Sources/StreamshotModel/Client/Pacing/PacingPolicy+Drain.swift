extension PacingPolicy {
    /// shared/seeds/002's display buffer as built (phase 1: "300 chars/sec base rate, adaptive
    /// speedup"): characters, speeding up past 500 waiting; code a line at a time; everything at
    /// once when the stream ends.
    public static let drain300 = characterDrain(
        name: "drain-300", summary: "~300 chars/s by characters, faster when >500 behind; code by line; flush on done; never holds a quiet stream",
        baseRate: 300, backlogThreshold: 500)

    /// How long the stream must have sent nothing before a character drain shows what it
    /// cannot cut (a code line still being typed, a letter whose mark may follow): one long
    /// network gap of 002's "20-500ms gaps", so a steady stream never shows half a code line.
    public static let drainQuietMs = 500.0

    /// A display buffer that drains `baseRate` characters a second (shared/seeds/002: "Drains N
    /// characters from buffer into displayedText"), plus the backlog beyond `backlogThreshold`
    /// over `catchUpSeconds`. It cuts between characters, never inside a grapheme, and in code
    /// only at line ends ("code is read by line"); once nothing has arrived for `drainQuietMs`
    /// and nothing more can be cut, it shows the rest: a quiet stream is never held back.
    public static func characterDrain(
        name: String, summary: String, baseRate: Double, backlogThreshold: Double,
        catchUpSeconds: Double = smoothCatchUpSeconds
    ) -> PacingPolicy {
        @Sendable func rate(_ backlog: Int) -> Double { baseRate + max(0, Double(backlog) - backlogThreshold) / catchUpSeconds }
        return PacingPolicy(name: name, summary: summary) { state, input in
            let text = input.text
            if text.ended { return text.count }
            if text.count != state.lastCount {
                state.lastCount = text.count
                state.lastArrivalMs = input.timeMs
            }
            state.credit += rate(text.count - input.revealed) * input.frameMs / 1000
            var revealed = input.revealed
            while state.credit > 0, let next = nextCharacterCut(in: text, after: revealed) {
                state.credit -= Double(next - revealed)
                revealed = next
            }
            if state.credit > 0 { state.credit = min(state.credit, rate(0) * input.frameMs / 1000) }
            let quiet = input.timeMs - state.lastArrivalMs >= drainQuietMs
            if quiet, revealed < text.count, nextCharacterCut(in: text, after: revealed) == nil { return text.count }
            return revealed
        }
    }

    /// The first place after `position` a character drain may cut, if one has arrived.
    static func nextCharacterCut(in text: ArrivedText, after position: Int) -> Int? {
        var candidate = position + 1
        while candidate <= text.count {
            if text.isCharacterCut(candidate) { return candidate }
            candidate += 1
        }
        return nil
    }
}
