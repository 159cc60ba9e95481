import StreamshotManifest

extension Detector {
    /// The place the answer is being written stays in view: while text streams and the view is
    /// the client's to move (the reader has not scrolled away), the caret does not stay below
    /// the screen's bottom edge. A view that follows more slowly than the text grows (a glide
    /// capped at a third of a line a frame, Persian at AX3 on a small phone over 3g) types for
    /// seconds where nobody can see, then races the reader through screens of text.
    ///
    /// For a client trace, whose reader is not recorded, only frames the trace calls pinned are
    /// judged: a team's reader who scrolled up is theirs to have. A client that draws no caret
    /// (a trace, a SwiftUI `Text`) is judged by where its newest text ends (`WritingPlace`).
    public static let caretInView = Detector(
        name: "caret-in-view",
        formula: "frames on screen with a caret whose middle (y + height/2) lies below the viewport's height, in a run lasting >= caretHiddenMs in "
            + "which text is revealed (a block that landed whole and slides into view is not being written out of sight); not while "
            + "the reader is scrolled up (their drag that left the view unpinned, to their next action: scroll-hijack's), nor after any other "
            + "action of theirs until the caret is in view again (the trip to the bottom they asked for); a client trace: only frames with pinned true; "
            + "no caret drawn: the middle of the last line of the newest text instead (the growing block's last line; text revealed in no listed "
            + "block was written past the screen's end)"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        var run: CaretRun?
        var writing = WritingPlace()
        var readersOwn = false
        let isTrace = manifest.options.replaysTrace
        let bottom = Double(manifest.viewport.height)
        return FramePass.pairs(
            { previous, frame in
                let actions = manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs)
                if !actions.isEmpty { readersOwn = true }
                let middle = writing.middle(on: frame, after: previous, viewportHeight: bottom)
                let hidden = middle.map { $0.y > bottom } ?? false
                if !hidden { readersOwn = false }
                let judged = frame.isOnScreen && !readersOwn && (!isTrace || frame.pinned == true)
                if judged, hidden, let middle {
                    run = (run ?? CaretRun(first: frame)).extended(to: frame, below: middle.measured ? middle.y - bottom : nil)
                } else if let ended = run {
                    run = nil
                    if let finding = ended.finding(frameMs: manifest.frameMs, atLeast: thresholds.caretHiddenMs) { findings.append(finding) }
                }
            },
            finish: {
                if let ended = run, let finding = ended.finding(frameMs: manifest.frameMs, atLeast: thresholds.caretHiddenMs) {
                    findings.append(finding)
                }
                return (findings, nil, findings.isEmpty)
            })
    }
}

/// Frames in a row whose caret is below the screen: from the first, to the last, how far at worst.
struct CaretRun {
    let first: Frame
    var last: Frame
    var worstPx = 0.0

    init(first: Frame) {
        self.first = first
        last = first
    }

    /// - Parameter below: how far below the screen's bottom edge (nil: somewhere past it, in a block not listed).
    func extended(to frame: Frame, below: Double?) -> CaretRun {
        var run = self
        run.last = frame
        run.worstPx = max(worstPx, below ?? 0)
        return run
    }

    func finding(frameMs: Double, atLeast: Double) -> Finding? {
        let duration = last.timeMs - first.timeMs + frameMs
        let written = last.revealedChars - first.revealedChars
        guard duration >= atLeast, written > 0 else { return nil }
        return Finding(
            .caretOutOfView, frameIndex: first.index, timeMs: first.timeMs,
            message: "the text being written is below the screen for \(JSONText.number(duration, places: 0)) ms (frames \(first.index)-"
                + "\(last.index)): \(written) characters revealed there, "
                + (worstPx > 0 ? "up to \(JSONText.number(worstPx, places: 0)) px below its bottom edge" : "in text past the screen's end")
                + ", with the reader not scrolled away",
            values: ["durationMs": duration, "belowPx": worstPx, "written": Double(written)])
    }
}

/// Where the answer is being written, in the frame's pixels: the caret's middle, or for a client
/// that has drawn none, the middle of the newest text's last line — the growing block's (the last
/// block listed, when it changed since the frame before or says it is growing), or, when text was revealed in no block the
/// frame lists, just past the screen's end (only blocks in view are listed, and text is added at
/// the answer's end). Between reveals the place stays where it was in the document.
struct WritingPlace {
    private var documentY: Double?
    /// Whether the client has drawn a caret: one that hides it for a frame (at a new block) is
    /// judged by its caret alone.
    private var drawsCaret = false
    /// Whether `documentY` was measured from a listed line (else: just past the screen it was revealed below).
    private var measured = true

    /// The place's middle, and whether it was measured (a caret, a listed line) or only known to be past the screen.
    mutating func middle(on frame: Frame, after previous: Frame, viewportHeight: Double) -> (y: Double, measured: Bool)? {
        if let caret = frame.caret {
            drawsCaret = true
            return (caret.y + caret.height / 2, true)
        }
        guard !drawsCaret, frame.revealedChars > 0, !frame.ended else { return nil }
        if frame.revealedChars > previous.revealedChars {
            let last = frame.blocks.last
            let before = last.flatMap { block in previous.blocks.first { $0.id == block.id } }
            measured = last.map { last in last.growing == true || before != last } ?? false
            documentY = measured ? frame.blocks.last.map { $0.top + $0.height - $0.linePitch / 2 } : frame.scroll + viewportHeight + 1
        }
        return documentY.map { ($0 - frame.scroll, measured) }
    }
}
