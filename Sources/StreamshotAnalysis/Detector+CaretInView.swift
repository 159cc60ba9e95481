import StreamshotManifest

extension Detector {
    /// The place the answer is being written stays in view: while text streams and the view is
    /// the client's to move (the reader has not scrolled away), the caret does not stay below
    /// the screen's bottom edge. A view that follows more slowly than the text grows (a glide
    /// capped at a third of a line a frame, Persian at AX3 on a small phone over 3g) types for
    /// seconds where nobody can see, then races the reader through screens of text.
    ///
    /// For a client trace, whose reader is not recorded, only frames the trace calls pinned are
    /// judged: a team's reader who scrolled up is theirs to have.
    public static let caretInView = Detector(
        name: "caret-in-view",
        formula: "frames on screen with a caret whose middle (y + height/2) lies below the viewport's height, in a run lasting >= caretHiddenMs in " +
                 "which text is revealed (a block that landed whole and slides into view is not being written out of sight); not while " +
                 "the reader is scrolled up (their drag that left the view unpinned, to their next action: scroll-hijack's), nor after any other " +
                 "action of theirs until the caret is in view again (the trip to the bottom they asked for); a client trace: only frames with pinned true"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        var run: CaretRun?
        var readersOwn = false
        let isTrace = manifest.options["client"] == "trace"
        let bottom = Double(manifest.viewport.height)
        return FramePass.pairs({ previous, frame in
            let actions = manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs)
            if !actions.isEmpty { readersOwn = true }
            let hidden = frame.caret.map { $0.y + $0.height / 2 > bottom } ?? false
            if !hidden { readersOwn = false }
            let judged = frame.isOnScreen && !readersOwn && (!isTrace || frame.pinned == true)
            if judged, hidden, let caret = frame.caret {
                run = (run ?? CaretRun(first: frame)).extended(to: frame, below: caret.y + caret.height / 2 - bottom)
            } else if let ended = run {
                run = nil
                if let finding = ended.finding(frameMs: manifest.frameMs, atLeast: thresholds.caretHiddenMs) { findings.append(finding) }
            }
        }, finish: {
            if let ended = run, let finding = ended.finding(frameMs: manifest.frameMs, atLeast: thresholds.caretHiddenMs) { findings.append(finding) }
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

    func extended(to frame: Frame, below: Double) -> CaretRun {
        var run = self
        run.last = frame
        run.worstPx = max(worstPx, below)
        return run
    }

    func finding(frameMs: Double, atLeast: Double) -> Finding? {
        let duration = last.timeMs - first.timeMs + frameMs
        let written = last.revealedChars - first.revealedChars
        guard duration >= atLeast, written > 0 else { return nil }
        return Finding(.caretOutOfView, frameIndex: first.index, timeMs: first.timeMs,
                       message: "the text being written is below the screen for \(JSONText.number(duration, places: 0)) ms (frames \(first.index)-" +
                                "\(last.index)): \(written) characters revealed there, up to \(JSONText.number(worstPx, places: 0)) px below its bottom " +
                                "edge, with the reader not scrolled away",
                       values: ["durationMs": duration, "belowPx": worstPx, "written": Double(written)])
    }
}
