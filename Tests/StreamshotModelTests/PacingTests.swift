import Testing

@testable import StreamshotModel

@Suite struct PacingTests {
    /// Feeds `chunks` (time, text) and runs `policy` at 60 fps; returns revealed counts per frame.
    private func run(_ policy: PacingPolicy, _ chunks: [(Double, String)], doneAt: Double? = nil, until endMs: Double) -> (
        ArrivedText, [(Double, Int)]
    ) {
        var text = ArrivedText()
        var state = PacingState()
        var revealed = 0
        var next = 0
        var history: [(Double, Int)] = []
        var frame = 0
        var time = 0.0
        while time <= endMs {
            while next < chunks.count, chunks[next].0 <= time {
                text.append(chunks[next].1)
                next += 1
            }
            if let doneAt, time >= doneAt { text.ended = true }
            revealed = policy.step(&state, PacingInput(text: text, revealed: revealed, timeMs: time, frameMs: 1000 / 60))
            history.append((time, revealed))
            frame += 1
            time = Double(frame) * 1000 / 60
        }
        return (text, history)
    }

    private func isWholeWordCut(_ text: ArrivedText, _ position: Int) -> Bool {
        position == 0 || position == text.count || WordBoundary.isSpace(text.scalars[position - 1])
    }

    @Test func smoothNeverShowsPartOfAWord() {
        let transcript = TestSupport.transcript(TestSupport.example("ar-lease.md"), network: .threeG, seed: 4)
        let chunks = transcript.events.compactMap { event -> (Double, String)? in
            if case .delta(let delta) = event.kind { return (event.timeMs, delta) }
            return nil
        }
        let (text, history) = run(.smooth, chunks, until: 40_000)
        for (time, revealed) in history {
            #expect(isWholeWordCut(text, revealed), "t=\(time): cut inside a word at \(revealed)")
        }
        #expect(history.last!.1 == text.count || !text.ended)
    }

    @Test func smoothRevealsAboutThreeHundredCharactersPerSecond() {
        let words = String(repeating: "word ", count: 400)  // 2,000 characters, all at t=0
        let (_, history) = run(.smooth, [(0, words)], until: 1000)
        let afterOneSecond = history.last!.1
        // 300 chars/s base, plus the catch-up for a 2,000-character backlog.
        #expect(afterOneSecond > 300)
        #expect(afterOneSecond < 2000)
        let small = String(repeating: "word ", count: 40)  // 200 characters: no catch-up
        let (_, slow) = run(.smooth, [(0, small)], until: 500)
        #expect(abs(Double(slow.last!.1) - 150) <= 10)
    }

    @Test func smoothCatchesUpOnALargeBacklogWithinAboutTwoSeconds() {
        let words = String(repeating: "word ", count: 200)  // 1,000 characters
        let (_, history) = run(.smooth, [(0, words)], until: 3000)
        // Back within the steady range (300 behind) in about 1.5 s, empty by about 2.5 s.
        let caughtUp = history.first { 1000 - $0.1 <= 300 }!.0
        #expect(caughtUp <= 2000)
        let drained = history.first { $0.1 == 1000 }!.0
        #expect(drained <= 2700)
        #expect(PacingPolicy.smoothRate(backlog: 300) == 300)
        #expect(PacingPolicy.smoothRate(backlog: 1300) == 800)
    }

    @Test func smoothRevealsCodeByWholeLines() {
        let code = "```swift\nlet a = 1\nlet longer = a + 2\n```\n"
        let (text, history) = run(.smooth, [(0, code)], until: 500)
        for (_, revealed) in history where revealed > 0 && revealed < text.count {
            #expect(text.scalars[revealed - 1] == "\n", "cut inside a code line at \(revealed)")
        }
    }

    @Test func smoothFlushesEverythingOnDone() {
        let words = String(repeating: "word ", count: 400)
        let (text, history) = run(.smooth, [(0, words + "end")], doneAt: 100, until: 120)
        #expect(history.last!.1 == text.count)
    }

    @Test func batchedRevealsEveryFiftyMilliseconds() {
        let (_, history) = run(.batched, [(0, "one "), (20, "two "), (60, "three ")], until: 120)
        let at = { (t: Double) in history.last { $0.0 <= t }!.1 }
        #expect(at(0) == 4)
        #expect(at(34) == 4)  // "two " arrived at 20 but waits for the 50 ms tick
        #expect(at(50) == 8)
        #expect(at(100) == 14)
    }

    @Test func batchedFlushesAtOnceOnAParagraphBreakAndRule() {
        let (_, history) = run(.batched, [(0, "a "), (20, "para\n\nnext"), (70, " x\n---\nmore")], until: 100)
        let at = { (t: Double) in history.last { $0.0 <= t }!.1 }
        #expect(at(34) == 8)  // through "\n\n", before the next 50 ms tick
        #expect(at(84) == 19)  // through "---\n", before the next tick
    }

    @Test func batchedNeverCutsMidWord() {
        let (_, history) = run(.batched, [(0, "partial wo"), (100, "rd done ")], until: 150)
        let at = { (t: Double) in history.last { $0.0 <= t }!.1 }
        #expect(at(60) == 8)
        #expect(at(100) == 18)
    }

    @Test func rawShowsEveryChunkAsItArrives() {
        let (_, history) = run(.raw, [(0, "par"), (30, "tial")], until: 40)
        #expect(history[0].1 == 3)
        #expect(history.last!.1 == 7)
    }

    @Test func spacelessScriptsRevealByGrapheme() {
        var text = ArrivedText()
        text.append("日本語のテキスト")
        #expect(text.nextBoundary(after: 0) == 1)
        var marks = ArrivedText()
        marks.append("ที่นี่")
        // Thai base + combining marks stay together.
        #expect(marks.nextBoundary(after: 0) == 3)
    }
}
