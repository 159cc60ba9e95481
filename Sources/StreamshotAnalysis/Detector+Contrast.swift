import StreamshotManifest

extension Detector {
    /// Text and controls a reader can make out against what is behind them, sampled from the
    /// frame's pixels at the moments a reader reads (WCAG 2.2 AA, 1.4.3 and 1.4.11).
    public static let contrast = Detector(
        name: "contrast",
        formula:
            "at the first frame with text, each block's first fully opaque frame and the final frame (on screen): for each line wholly in view of a "
            + "fully opaque block with ink and no colour emoji (not in a wide table's column its window cuts), the contrast (WCAG relative luminance) "
            + "between the region's commonest colour (its background) and the colour furthest from it in its faintest run of ink (runs split at gaps of "
            + "0.3 em, at least 0.5 em wide; code lines whole) >= 4.5:1, or 3:1 for text of 18 pt or more; a list item's number likewise, a bullet and a "
            + "task box >= 3:1 (graphical objects); not judged without frame pixels",
        pixelPass: { manifest, _, pixels in
            guard let pixels else {
                return FramePass(
                    visit: { _ in },
                    verdict: {
                        Verdict(
                            findings: [], score: nil, passed: true,
                            note: "no frame pixels: run check on a render folder with its frames")
                    })
            }
            var judge = ContrastJudge(manifest: manifest)
            var judgedFrames = 0
            var opaque: Set<Int> = []
            var firstText = true
            // Each frame on screen is sampled one step late, once: by then the pass knows whether it
            // was the last (judged whole) or not (only its moments' blocks).
            var pending: (frame: Frame, blocks: [Frame.Block])?
            // Fully opaque as the manifest writes it (to 1/1000): a block at 0.9987, still fading,
            // is written 0.999 and is not yet what the reader settles on, in memory or on disk.
            let opaqueAt = 0.9995
            func sample(_ blocks: [Frame.Block], on frame: Frame) {
                guard !blocks.isEmpty, let image = pixels.pixels(frame) else { return }
                judgedFrames += 1
                for block in blocks { judge.judge(block, on: frame, image: image) }
            }
            return FramePass(
                visit: { frame in
                    guard frame.isOnScreen else { return }
                    if let pending { sample(pending.blocks, on: pending.frame) }
                    let shown = frame.blocks.filter { $0.opacity >= opaqueAt }
                    let newlyOpaque = shown.filter { opaque.insert($0.id).inserted }
                    let hasText = frame.blocks.contains { $0.lines.contains { $0.inkTop != nil } }
                    pending = (frame, firstText && hasText ? shown : newlyOpaque)
                    if hasText { firstText = false }
                },
                verdict: {
                    if let last = pending?.frame { sample(last.blocks.filter { $0.opacity >= opaqueAt }, on: last) }
                    guard judgedFrames > 0 else {
                        return Verdict(findings: [], score: nil, passed: true, note: "no frame's pixels could be read at the moments judged")
                    }
                    return Verdict(findings: judge.findings, score: judge.lowest, passed: judge.findings.isEmpty)
                })
        })
}
