import StreamshotManifest

extension Detector {
    /// Shown content moving in the document, scored like the web's Cumulative Layout Shift.
    /// Growth below and the pinned scroll are not shifts: positions are compared in document
    /// coordinates (frame y + scroll). A block replaced by a rewrite is followed to the new block
    /// that begins like it (from the first rewrite on). As CLS leaves out shifts within 500 ms of
    /// a reader's discrete input, what the reader opened (an `expand`) moves nothing they did not ask for.
    public static let layoutShift = Detector(
        name: "layout-shift",
        formula:
            "per frame: (sum over moved blocks of the union of their old and new boxes, as a share of the viewport) x (largest move / max(viewport "
            + "width, height)); session windows (gap < 1 s, length <= 5 s) summed; CLS = the largest window; fails above maxLayoutShift"
    ) { manifest, thresholds in
        let width = Double(manifest.viewport.width)
        let height = Double(manifest.viewport.height)
        var findings: [Finding] = []
        var windows = SessionWindows()
        let taps = (manifest.interactions ?? []).filter { $0.action == "expand" }.map(\.timeMs)
        return FramePass.pairs(
            { previous, frame in
                if taps.contains(where: { frame.timeMs >= $0 && frame.timeMs - $0 <= 500 }) { return }
                var impact = 0.0
                var distance = 0.0
                // Only a rewrite replaces blocks: without one, a block that scrolled into view is not
                // the heading of the same kind that scrolled out.
                let rewritten = manifest.rewrote(after: -Double.infinity, upTo: frame.timeMs)
                for block in frame.blocks {
                    guard
                        let before = previous.block(block.id)
                            ?? (rewritten ? manifest.rewrittenPredecessor(of: block, in: previous, next: frame) : nil)
                    else { continue }
                    let dy = (block.top + frame.scroll) - (before.top + previous.scroll)
                    guard abs(dy) > thresholds.positionTolerancePx else { continue }
                    // Old box moved into this frame's coordinates, unioned with the new one, clipped to the viewport.
                    let oldTop = before.top + previous.scroll - frame.scroll
                    let top = max(0, min(oldTop, block.top))
                    let bottom = min(height, max(oldTop + before.height, block.top + block.height))
                    impact += max(0, bottom - top) / height
                    distance = max(distance, abs(dy))
                }
                guard distance > 0 else { return }
                let score = min(1, impact) * distance / max(width, height)
                windows.add(score, at: frame.timeMs)
                findings.append(
                    Finding(
                        .layoutShift, frameIndex: frame.index, timeMs: frame.timeMs,
                        message: "shown content moved \(distance.rounded2) px (shift score \(score.rounded4))",
                        values: ["distance": distance, "impact": impact, "score": score]))
            }, finish: { (findings, windows.best, windows.best <= thresholds.maxLayoutShift) }
        ).onPictures
    }
}

/// CLS's session windows, as shifts arrive in time order: shifts less than 1 s apart, in a
/// window at most 5 s long, are summed; the score is the largest window.
struct SessionWindows {
    private(set) var best = 0.0
    private var window = 0.0
    private var windowStart = -Double.infinity
    private var last = -Double.infinity

    mutating func add(_ score: Double, at time: Double) {
        if time - last >= 1000 || time - windowStart > 5000 {
            window = 0
            windowStart = time
        }
        window += score
        last = time
        best = max(best, window)
    }
}

extension Manifest {
    /// After a rewrite, the same content comes back as a new block: a block of the previous frame
    /// that is gone now, of the same kind, whose text begins like the new block's (at least six
    /// characters in common, or all of the shorter one).
    func rewrittenPredecessor(of block: Frame.Block, in previous: Frame, next frame: Frame) -> Frame.Block? {
        guard let text = self.block(block.id)?.text else { return nil }
        return previous.blocks.first { old in
            guard old.kind == block.kind, frame.block(old.id) == nil, let oldText = self.block(old.id)?.text else { return false }
            let common = zip(oldText.unicodeScalars, text.unicodeScalars).prefix { $0 == $1 }.count
            return common >= min(6, oldText.unicodeScalars.count, text.unicodeScalars.count) && common > 0
        }
    }
}

extension Double {
    var rounded4: Double { (self * 10000).rounded() / 10000 }
}
