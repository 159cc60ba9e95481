import StreamshotManifest

extension Detector {
    /// The view snapping: moving further in one frame than a reader can follow when they did
    /// nothing. A pinned view that follows new lines eases (the reference client: at most a third
    /// of a line plus 1 px a frame); one that jumps a table row or a screenful at once loses the
    /// reader's place. `layout-shift` keeps its CLS meaning and never sees scrolling.
    public static let scrollJump = Detector(
        name: "scroll-jump",
        formula:
            "between consecutive frames on screen, |scroll change| > body line pitch x (frame time / (1000/60 ms)) + positionTolerancePx, with no "
            + "reader action in (previous frame's time, its time] nor the view still moving from one (frames after an action, while the scroll keeps "
            + "moving the same way), and no rewrite there; a pill up in the composer band adds its height to a move that brings the answer up; not while the reader is scrolled up (from their drag that left the view unpinned to their next "
            + "action: scroll-hijack's); body line pitch: the largest linePitch of a paragraph on either frame (else of any block, else the last seen, "
            + "else 1.8 x 17 pt)"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        var pitch = 1.8 * 17 * manifest.viewport.scale
        // The sign of the view's motion since the reader's last action, while it keeps moving.
        var readerMotion: Double?
        // The reader dragged the view off the bottom: any move until their next action is
        // scroll-hijack's finding, not counted twice.
        var scrolledUp = false
        return FramePass.pairs(
            { previous, frame in
                let dy = frame.scroll - previous.scroll
                pitch = ScrollJump.bodyPitch(previous, frame) ?? pitch
                let actions = manifest.readerActions(after: previous.timeMs, upTo: frame.timeMs)
                if !actions.isEmpty {
                    readerMotion = dy == 0 ? 0 : dy.sign == .minus ? -1 : 1
                    scrolledUp = frame.pinned == false && actions.last?.action == "scroll"
                    return
                }
                if scrolledUp { return }
                if let sign = readerMotion {
                    // The view still answering the reader (a scroll easing back to the bottom).
                    if dy != 0, sign == 0 || (dy < 0) == (sign < 0) {
                        readerMotion = dy < 0 ? -1 : 1
                        return
                    }
                    readerMotion = nil
                }
                guard previous.isOnScreen, frame.isOnScreen, !manifest.rewrote(after: previous.timeMs, upTo: frame.timeMs) else { return }
                let elapsed = max(frame.timeMs - previous.timeMs, 0)
                let allowed = pitch * elapsed / (1000.0 / 60) + thresholds.positionTolerancePx + ScrollJump.roomForPill(dy, frame)
                guard abs(dy) > allowed else { return }
                findings.append(
                    ScrollJump.finding(
                        dy: dy, allowed: allowed, pitch: pitch, elapsed: elapsed, previous: previous,
                        frame: frame, manifest: manifest))
            }, finish: { (findings, nil, findings.isEmpty) })
    }
}

/// The scroll-jump detector's measures and message.
enum ScrollJump {
    /// A pill up in the composer's band takes room at the bottom of the view: moving the answer
    /// up by its height, so the newest line clears it, is the view making room for a control
    /// (as for a keyboard), not a jump.
    static func roomForPill(_ dy: Double, _ frame: Frame) -> Double {
        guard dy > 0 else { return 0 }
        return (frame.overlays ?? []).filter { OverlapJudge.bandPills.contains($0.kind) }.map(\.height).max() ?? 0
    }

    /// The body text's line pitch on either frame: the largest paragraph's (headings, code and
    /// tables have their own), else the largest of any block's.
    static func bodyPitch(_ previous: Frame, _ frame: Frame) -> Double? {
        // One loop, no arrays: this runs on every pair of frames of a long render.
        var paragraph: Double?
        var any: Double?
        for blocks in [previous.blocks, frame.blocks] {
            for block in blocks where block.linePitch > 0 {
                any = max(any ?? block.linePitch, block.linePitch)
                if block.kind == .paragraph { paragraph = max(paragraph ?? block.linePitch, block.linePitch) }
            }
        }
        return paragraph ?? any
    }

    static func finding(
        dy: Double, allowed: Double, pitch: Double, elapsed: Double, previous: Frame, frame: Frame,
        manifest: Manifest
    ) -> Finding {
        // The block the reader was reading: the one at the top of the view before the jump.
        let reading = previous.blocks.first { $0.top + $0.height > 0 }
        let lines = (abs(dy) / pitch * 10).rounded() / 10
        var message =
            "the view jumped \(abs(dy).rounded2) px \(dy > 0 ? "down" : "up") in \(JSONText.number(elapsed, places: 1)) ms "
            + "(\(JSONText.number(lines, places: 1)) lines of \(pitch.rounded2) px) with no reader action; at most \(allowed.rounded2) px eases"
        if let reading, let text = manifest.block(reading.id)?.text {
            message +=
                " — block \(reading.id) \"\(ContentDirectionJudge.excerpt(Substring(text)))\" \(dy > 0 ? "leaps up" : "drops") \(abs(dy).rounded2) "
                + "px under the reader's eyes"
        }
        return Finding(
            .scrollJump, frameIndex: frame.index, timeMs: frame.timeMs, blockId: reading?.id, message: message,
            values: ["dy": dy, "allowed": allowed, "pitch": pitch])
    }
}
