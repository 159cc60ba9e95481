import StreamshotManifest

extension Detector {
    /// The view moving under a reader who scrolled up to read: only the reader moves an unpinned
    /// view (shared/seeds/002). A client that scrolls to the bottom on every change, whatever the
    /// reader did (shared/seeds/003's `onChange`), is caught on the first frame it moves them.
    ///
    /// The reader counts as scrolled up from their drag that left the view unpinned until their
    /// next action, not merely while frames say `pinned: false`: such a client pins itself again
    /// and then eases to the bottom, so the move happens on frames that are already pinned. A
    /// render with no reader (a client trace, whose `pinned` only says how near the bottom its
    /// own scroll is) has no one to hijack.
    public static let scrollHijack = Detector(
        name: "scroll-hijack",
        formula:
            "the reader is scrolled up from a frame with their scroll (interactions) and pinned false until their next action; a frame, while they are, "
            + "with no reader action in (previous frame's time, its time] and no rewrite there, whose scroll differs from the previous frame's by more "
            + "than positionTolerancePx; once per scroll-up"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        var scrolledUp = false
        var reported = false
        return FramePass.pairs(
            { previous, frame in
                let actions = manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs)
                if !actions.isEmpty {
                    // The reader's own frame: whatever the view does, they asked for it. Only a drag
                    // leaves them reading up; a tap on the pill or a send asks for the bottom.
                    scrolledUp = frame.pinned == false && actions.last?.action == "scroll"
                    reported = false
                    return
                }
                let moved = frame.scroll - previous.scroll
                // Content that shrinks in a rewrite takes the view with it; that is not the client's choice.
                if scrolledUp, !reported, abs(moved) > thresholds.positionTolerancePx,
                    !manifest.rewrote(after: previous.timeMs, upTo: frame.timeMs)
                {
                    reported = true
                    findings.append(
                        Finding(
                            .scrollHijack, frameIndex: frame.index, timeMs: frame.timeMs,
                            message: "the view scrolled \(moved.rounded2) px while the reader was scrolled up, with no action of theirs"
                                + (frame.pinned == true ? " (the client pinned it to the bottom again)" : ""),
                            values: ["dy": moved, "scroll": frame.scroll]))
                }
            }, finish: { (findings, nil, findings.isEmpty) })
    }
}
