extension PacingPolicy {
    /// Characters per second revealed when the backlog is small.
    public static let smoothBaseRate = 300.0
    /// The backlog the smooth policy tolerates before speeding up.
    public static let smoothBacklogThreshold = 300.0
    /// Time constant of the catch-up: the excess backlog drains at excess/2 s.
    public static let smoothCatchUpSeconds = 2.0

    /// The smooth reveal rate for a backlog of `backlog` characters, in characters per second:
    /// `300 + max(0, backlog - 300) / 2`. Continuous in the backlog, so speed changes are smooth;
    /// a backlog of 1,000 drains in about two seconds.
    public static func smoothRate(backlog: Int) -> Double {
        smoothBaseRate + max(0, Double(backlog) - smoothBacklogThreshold) / smoothCatchUpSeconds
    }

    /// Reveal at a steady rate, speeding up with the backlog; whole words (whole lines in code);
    /// everything at once when the stream ends.
    public static let smooth = steady(
        name: "smooth", summary: "~300 chars/s, faster when >300 behind; whole words, whole code lines; flush on done",
        baseRate: smoothBaseRate, backlogThreshold: smoothBacklogThreshold)

    /// A display buffer that drains `baseRate` characters a second, plus the backlog beyond
    /// `backlogThreshold` over `catchUpSeconds`; whole words (whole lines in code); everything at
    /// once when the stream ends.
    public static func steady(
        name: String, summary: String, baseRate: Double, backlogThreshold: Double,
        catchUpSeconds: Double = smoothCatchUpSeconds
    ) -> PacingPolicy {
        @Sendable func rate(_ backlog: Int) -> Double { baseRate + max(0, Double(backlog) - backlogThreshold) / catchUpSeconds }
        return PacingPolicy(name: name, summary: summary, wholeWords: true) { state, input in
            let text = input.text
            if text.ended { return text.count }
            state.credit += rate(text.count - input.revealed) * input.frameMs / 1000
            var revealed = input.revealed
            while state.credit > 0, let next = text.nextBoundary(after: revealed) {
                state.credit -= Double(next - revealed)
                revealed = next
            }
            // Credit is not banked while starved, or the next arrival would burst out at once.
            if state.credit > 0 { state.credit = min(state.credit, rate(0) * input.frameMs / 1000) }
            return revealed
        }
    }

    /// The display-buffer plan's drain (shared/seeds/002): ~5 ms a character, faster once more
    /// than 500 characters wait.
    public static let drain200 = steady(
        name: "drain-200", summary: "~200 chars/s, faster when >500 behind; whole words, whole code lines; flush on done",
        baseRate: 200, backlogThreshold: 500)

    /// Reveal what has arrived every 50 ms, and at once on a paragraph break or `---`;
    /// never mid-word; everything when the stream ends.
    public static let batched = PacingPolicy(
        name: "batched",
        summary: "flush every 50 ms and at once on a paragraph break or ---; never mid-word; flush on done",
        wholeWords: true
    ) { state, input in
        let text = input.text
        if text.ended { return text.count }
        let tick = Int((input.timeMs / 50).rounded(.down))
        if tick > state.lastTick {
            state.lastTick = tick
            return text.lastBoundary(atOrBefore: text.count, notBefore: input.revealed)
        }
        return lastSectionBreak(in: text, after: input.revealed) ?? input.revealed
    }

    /// shared/seeds/003's typewriter: one character every 30 ms from the first arrival, never past
    /// what has arrived; it types on after the stream ends (no flush), whole words or not.
    public static let typewriter = typewriter(name: "typewriter", restarts: false)

    /// The same typewriter with 003's `onChange(of: text) { resetTypewriter() }`: every time the
    /// text changes it starts again from nothing — reproduces that bug on purpose.
    public static let typewriterRestart = typewriter(name: "typewriter-restart", restarts: true)

    /// The typewriter's 30 ms per character (shared/seeds/003: `typingSpeed = 0.03`).
    public static let typewriterMsPerCharacter = 30.0

    private static func typewriter(name: String, restarts: Bool) -> PacingPolicy {
        PacingPolicy(
            name: name,
            summary: restarts
                ? "the typewriter, restarting from nothing whenever the text changes (003's bug)"
                : "one character every 30 ms, no flush at the end (003)", rewinds: restarts
        ) { state, input in
            let count = input.text.count
            var revealed = input.revealed
            if restarts, count != state.lastCount {
                revealed = 0
                state.credit = 0
            }
            state.lastCount = count
            guard revealed < count else {
                state.credit = 0  // the timer stops when it has caught up
                return revealed
            }
            state.credit += input.frameMs / typewriterMsPerCharacter
            let typed = Int(state.credit.rounded(.down))
            state.credit -= Double(typed)
            return min(count, revealed + typed)
        }
    }

    /// Every chunk shows the moment it arrives.
    public static let raw = PacingPolicy(
        name: "raw",
        summary: "every chunk shows the moment it arrives (the unbuffered baseline, or a client's own buffer output)"
    ) { _, input in
        input.text.count
    }

    /// The end of the last "\n\n" or "---" line after `position`, if any.
    static func lastSectionBreak(in text: ArrivedText, after position: Int) -> Int? {
        let scalars = text.scalars
        var index = scalars.count - 1
        while index > position {
            if scalars[index] == "\n" {
                if scalars[index - 1] == "\n" { return index + 1 }
                var start = index - 1
                while start > position, scalars[start - 1] != "\n" { start -= 1 }
                let line = scalars[start..<index].filter { $0 != " " }
                if line.count >= 3, line.allSatisfy({ $0 == "-" }) { return index + 1 }
            }
            index -= 1
        }
        return nil
    }
}
