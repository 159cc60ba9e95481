import StreamshotManifest

extension Detector {
    /// How text is revealed: stalls, bursts, partial words, rewrites.
    public static let revealCadence = Detector(
        name: "reveal-cadence",
        formula: "stall: consecutive frames on screen with no reveal while pendingChars > 0 (after the first reveal) lasting >= stallMs; burst: "
            + "more than burstChars characters drawn (a link's destination, table pipes and delimiter rows, heading hashes and emphasis markers are "
            + "not drawn) in three or more words revealed between frames, before the stream ended, outside code blocks, not on the first frame back "
            + "on screen; end dump: the same, at or after the stream's end (the backlog a client flushes on done: the last screenful at once); "
            + "partial word: no UAX #29 word boundary at the reveal position (the judge's own WordBreaks: letters, digits and the marks that "
            + "join them; scripts written without spaces have a boundary between letters), except once the stream has ended with nothing buffered (the "
            + "stream's own cut); words changed: a block's earlier text whose words but the "
            + "last are not where its next text begins, with no rewrite warning from when the earlier text was first shown to when the next one was; "
            + "rewrite: a rewrite warning"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        let text = Array(manifest.text.unicodeScalars)
        let code = FencedCode(text)
        let drawn = DrawnCharacters(text)
        var stallStart: Frame?
        var previous: Frame?
        /// Characters arrived and not shown when the stream ended (on its first ended frame,
        /// before that frame's reveal: what came with the end counts).
        var backlogAtEnd: Int?
        var rewrites = RewriteFrames(manifest.warnings.filter { $0.kind == .rewrite })
        var partials = PartialWordRuns()
        var changedWords = ChangedWords(manifest)
        return FramePass(
            visit: { frame in
                defer { previous = frame }
                rewrites.visit(frame)
                changedWords.visit(frame)
                let revealedNow = frame.revealedChars
                let delta = previous.map { revealedNow - $0.revealedChars } ?? revealedNow
                // Stalls: counted once something has been shown (the wait before the first token is the typing indicator's).
                // Off screen (background, another conversation) updates pause by design: not a stall.
                if delta == 0, frame.pendingChars > 0, revealedNow > 0, frame.isOnScreen {
                    stallStart = stallStart ?? frame
                } else {
                    if let start = stallStart, let end = previous, end.timeMs - start.timeMs + manifest.frameMs >= thresholds.stallMs {
                        let duration = end.timeMs - start.timeMs + manifest.frameMs
                        findings.append(
                            Finding(
                                .stall, frameIndex: start.index, timeMs: start.timeMs,
                                message: "stall: nothing revealed for \(JSONText.number(duration, places: 0)) ms while \(start.pendingChars) "
                                    + "characters waited",
                                values: ["durationMs": duration, "pending": Double(start.pendingChars)]))
                    }
                    stallStart = nil
                }
                if frame.ended, backlogAtEnd == nil { backlogAtEnd = frame.revealedChars + frame.bufferedChars - (previous?.revealedChars ?? 0) }
                // Coming back on screen shows what waited at once.
                // Code is revealed by whole lines on purpose: its characters are not counted.
                let shown = drawn.count(from: revealedNow - delta, to: revealedNow, excluding: code.contains)
                if shown > thresholds.burstChars, revealedNow > 0, previous?.isOnScreen != false,
                    drawn.words(from: revealedNow - delta, to: revealedNow) > 2
                {
                    findings.append(
                        frame.ended
                            ? Finding(
                                .endDump, frameIndex: frame.index, timeMs: frame.timeMs,
                                message: "end dump: \(shown) characters revealed in one frame as the stream ended (\(backlogAtEnd ?? 0) had arrived "
                                    + "unshown by its end): a reader sees the rest of the answer land at once",
                                values: ["chars": Double(shown), "backlog": Double(backlogAtEnd ?? 0)])
                            : Finding(
                                .burst, frameIndex: frame.index, timeMs: frame.timeMs,
                                message: "burst: \(shown) characters revealed in one frame", values: ["chars": Double(shown)]))
                }
                // Once the stream has ended and everything received is shown, a word cut there was cut by
                // the stream (a stop, a timeout, an error), not by the buffer: the rest never came.
                let streamsOwnCut = frame.ended && frame.bufferedChars == 0
                let cut = revealedNow > 0 && revealedNow < text.count && !streamsOwnCut && isInsideWord(text, at: revealedNow) ? revealedNow : nil
                if let finding = partials.visit(frame, cutAt: cut, text: text) { findings.append(finding) }
            },
            finish: {
                let all =
                    (findings + [partials.finish()].compactMap { $0 } + changedWords.findings).sorted { $0.frameIndex < $1.frameIndex }
                    + rewrites.allFindings
                return (all, nil, all.isEmpty)
            })
    }

    /// Whether a cut at `position` splits a word: no UAX #29 word boundary there, by the judge's
    /// own reading (`WordBreaks`), not the client's `WordBoundary`.
    static func isInsideWord(_ text: [Unicode.Scalar], at position: Int) -> Bool {
        WordBreaks.isInsideWord(text, at: position)
    }
}

/// A word shown cut, frame after frame at the same place, as one finding: the word quoted with a
/// bar where the cut falls, and the frames it stood on.
struct PartialWordRuns {
    private var run: (first: Frame, last: Frame, at: Int, word: String)?

    /// Takes a frame and where it cuts a word (nil: it does not); returns the run it ended.
    mutating func visit(_ frame: Frame, cutAt cut: Int?, text: [Unicode.Scalar]) -> Finding? {
        if let cut, let current = run, current.at == cut {
            run?.last = frame
            return nil
        }
        let ended = finish()
        if let cut {
            let start = WordBreaks.wordStart(text, around: cut)
            let end = WordBreaks.wordEnd(text, around: cut)
            let word = String(String.UnicodeScalarView(text[start..<cut])) + "|" + String(String.UnicodeScalarView(text[cut..<end]))
            run = (frame, frame, cut, word)
        }
        return ended
    }

    /// The run still open, as a finding.
    mutating func finish() -> Finding? {
        defer { run = nil }
        guard let run else { return nil }
        let frames = run.first.index == run.last.index ? "frame \(run.first.index)" : "frames \(run.first.index)-\(run.last.index)"
        return Finding(
            .partialWord, frameIndex: run.first.index, timeMs: run.first.timeMs,
            message: "partial word shown: «\(run.word)» cut at character \(run.at), on \(frames)",
            values: ["at": Double(run.at), "lastFrame": Double(run.last.index)])
    }
}

/// Each rewrite warning at the first frame at or after its time (the last frame when none is),
/// listed in the warnings' order.
struct RewriteFrames {
    private let warnings: [RenderWarning]
    /// By warning: the frame it is reported at, once reached.
    private var reached: [Int: Frame] = [:]
    private var last: Frame?

    init(_ warnings: [RenderWarning]) { self.warnings = warnings }

    mutating func visit(_ frame: Frame) {
        last = frame
        for (index, warning) in warnings.enumerated() where reached[index] == nil && frame.timeMs >= warning.timeMs ?? 0 {
            reached[index] = frame
        }
    }

    var allFindings: [Finding] {
        warnings.enumerated().map { index, warning in
            let frame = reached[index] ?? last
            return Finding(.rewrite, frameIndex: frame?.index ?? 0, timeMs: frame?.timeMs ?? 0, message: "content rewritten: \(warning.message)")
        }
    }
}
