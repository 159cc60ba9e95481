import StreamshotManifest

extension Detector {
    /// Text that arrived must reach the screen: everything that had arrived when the stream ended
    /// is shown by the last frame (a client that stops listening still shows what it holds), and
    /// leaving the conversation — the app in the background, another conversation — drops nothing
    /// already shown (shared/seeds/000: "pause updates, replay from buffer, drop nothing").
    ///
    /// A render that ends off screen is not judged for the first rule: its text shows when the
    /// reader comes back.
    public static let lostText = Detector(
        name: "lost-text",
        formula:
            "never shown: revealedChars on the final frame (on screen) < revealedChars + bufferedChars on the frame at the ending's time, or on the "
            + "frame before it when no rewrite warning falls between (a client that empties its buffer as it ends) (no ending "
            + "recorded: bufferedChars > 0 on a final frame that has ended); dropped: on the first frame on screen after frames in the background or "
            + "away, or after frames showing the reconnecting band, revealedChars below the last frame on screen before them, with no rewrite "
            + "warning between (for a client trace, whose rewrites are its own, none excuses a drop across a reconnect); duplicated: where the text stood "
            + "at a reconnect warning (revealed + buffered), 40 or more characters in several words repeating a run shown before"
    ) { manifest, _ in
        var dropped: [Finding] = []
        var duplicated = DuplicatedText(manifest)
        var lastOnScreen: Frame?
        var wasAway = false
        /// The last frame on screen before the reconnecting band appeared, while it shows.
        var beforeReconnect: Frame?
        var last: Frame?
        var endingFrame: Frame?
        /// What had arrived just before the ending: a client may empty its buffer on the ending's frame.
        var arrivedBeforeEnding: (frame: Frame, chars: Int)?
        return FramePass(
            visit: { frame in
                if let ending = manifest.ending, endingFrame == nil, ending.isReached(at: frame.timeMs) {
                    endingFrame = frame
                    if let before = last, !manifest.rewrote(after: before.timeMs, upTo: frame.timeMs) {
                        arrivedBeforeEnding = (before, before.revealedChars + before.bufferedChars)
                    }
                }
                last = frame
                duplicated.visit(frame)
                guard frame.isOnScreen else {
                    wasAway = true
                    return
                }
                if wasAway, let before = lastOnScreen, frame.revealedChars < before.revealedChars,
                    !manifest.rewrote(after: before.timeMs, upTo: frame.timeMs)
                {
                    dropped.append(
                        Finding(
                            .textDropped, frameIndex: frame.index, timeMs: frame.timeMs,
                            message: "\(before.revealedChars - frame.revealedChars) characters shown before the conversation left the screen "
                                + "(frame \(before.index)) are gone when it came back",
                            values: ["before": Double(before.revealedChars), "after": Double(frame.revealedChars)]))
                }
                if frame.reconnecting {
                    beforeReconnect = beforeReconnect ?? lastOnScreen
                } else if let before = beforeReconnect {
                    beforeReconnect = nil
                    if let finding = Self.droppedAcrossAReconnect(before: before, after: frame, manifest: manifest) { dropped.append(finding) }
                }
                lastOnScreen = frame
                wasAway = false
            },
            finish: {
                let findings =
                    Self.neverShown(last: last, endingFrame: endingFrame, arrivedBefore: arrivedBeforeEnding) + dropped + duplicated.findings
                return (findings, nil, findings.isEmpty)
            })
    }

    /// Text shown before a reconnect and gone once the band has gone: a client that started its
    /// text anew from what came after the drop. A stream that rewrote the answer meanwhile excuses
    /// it; a client trace's own rewrite does not (what it shows is all it says).
    static func droppedAcrossAReconnect(before: Frame, after frame: Frame, manifest: Manifest) -> Finding? {
        guard frame.revealedChars < before.revealedChars else { return nil }
        if !manifest.options.replaysTrace, manifest.rewrote(after: before.timeMs, upTo: frame.timeMs) { return nil }
        return Finding(
            .textDropped, frameIndex: frame.index, timeMs: frame.timeMs,
            message: "\(before.revealedChars - frame.revealedChars) characters shown before the connection dropped (frame \(before.index)) "
                + "are gone once it came back",
            values: ["before": Double(before.revealedChars), "after": Double(frame.revealedChars)])
    }

    /// Text that had arrived when the stream ended (at the ending's frame, or just before it when
    /// the client emptied its buffer as it ended — a word held for the space that never came;
    /// without an ending, on a final frame that has ended) but that the final frame, on screen,
    /// does not show.
    static func neverShown(last: Frame?, endingFrame: Frame?, arrivedBefore: (frame: Frame, chars: Int)? = nil) -> [Finding] {
        guard let last, last.isOnScreen else { return [] }
        var arrivedBy =
            endingFrame.map { ($0, $0.revealedChars + $0.bufferedChars) }
            ?? (last.ended ? (last, last.revealedChars + last.bufferedChars) : nil)
        if let before = arrivedBefore, before.chars > arrivedBy?.1 ?? 0 { arrivedBy = (before.frame, before.chars) }
        guard let (endingFrame, arrived) = arrivedBy, last.revealedChars < arrived else { return [] }
        return [
            Finding(
                .textNeverShown, frameIndex: last.index, timeMs: last.timeMs,
                message: "\(arrived - last.revealedChars) of the \(arrived) characters that had arrived when the stream ended (frame "
                    + "\(endingFrame.index)) are never shown",
                values: ["arrived": Double(arrived), "revealed": Double(last.revealedChars)])
        ]
    }
}
