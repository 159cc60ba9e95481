import StreamshotManifest

extension Detector {
    /// Arabic-script blocks keep a 1.8x pitch on every line; no text is clipped.
    public static let lineHeight = Detector(
        name: "line-height",
        formula: "for blocks other than code whose first letter is Arabic: |linePitch - 1.8 x fontSize| <= tol, every line's height = linePitch and "
            + "consecutive baselines differ by linePitch (+-tol, plus 0.005 x 3.8 px for the manifest's rounding to 1/100 px); clipped: a line outside "
            + "[0, width], ink above the frame top while the block's top is on the frame, ink below the bottom while its bottom is or while the view is "
            + "pinned to the bottom (frames[].pinned), or ink reaching into the block above"
    ) { manifest, thresholds in
        var findings: [Finding] = []
        // Arabic-led blocks (their first letter is Arabic): an English paragraph that quotes an
        // Arabic word later may keep the pitch it was shown with. Code keeps the code pitch.
        let arabicBlocks = Set(
            manifest.blocks.filter { block in
                block.kind != .code && block.text.unicodeScalars.first { StrongLetters.direction(of: $0) != nil }.map(Self.isArabicLetter) == true
            }.map(\.id))
        let width = Double(manifest.viewport.width)
        let height = Double(manifest.viewport.height)
        // The manifest rounds to 1/100 px: a baseline step (two roundings) and 1.8 x a rounded font
        // size can each be that far from the exact values, which a fractional size (AX5's 53 pt at
        // a device scale) shows.
        let factor = Self.arabicPitch
        let tol = thresholds.pitchTolerancePx + 0.005 * (2 + factor)
        var reported: Set<String> = []
        func report(_ key: String, _ finding: Finding) {
            // One finding per block and problem: the same wrong pitch on 500 frames is one bug.
            if reported.insert(key).inserted { findings.append(finding) }
        }
        return FramePass(
            visit: { frame in
                var previous: Frame.Block?
                for block in frame.blocks {
                    defer { previous = block }
                    if arabicBlocks.contains(block.id), block.linePitch > 0 {
                        let expected = factor * block.fontSize
                        let baselines = block.lines.map(\.baseline)
                        // Table lines come cell by cell, so only their pitch and heights are comparable.
                        let steps = block.kind == .table ? [] : zip(baselines.dropFirst(), baselines).map { $0 - $1 }
                        if abs(block.linePitch - expected) > tol || steps.contains(where: { abs($0 - expected) > tol })
                            || block.lines.contains(where: { abs($0.height - expected) > tol })
                        {
                            let worst = ([block.linePitch] + steps).max { abs($0 - expected) < abs($1 - expected) } ?? block.linePitch
                            report(
                                "pitch-\(block.id)",
                                Finding(
                                    .wrongPitch, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                    message:
                                        "\(BlockName.of(block)), Arabic: line pitch \(worst.rounded2) px, expected 1.8 x \(block.fontSize.rounded2) = "
                                        + "\(expected.rounded2) px",
                                    values: ["pitch": worst, "expected": expected]))
                        }
                    }
                    if block.lines.contains(where: { $0.x < -tol || $0.x + $0.width > width + tol }) {
                        report(
                            "x-\(block.id)",
                            Finding(
                                .lineOverflow, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                message: "\(BlockName.of(block)): a line runs past the frame's side"))
                    }
                    // Pinned, the view shows the content's end: ink past the bottom edge is cut off for
                    // good, even when the block runs on below (a new heading sinking under the fold).
                    let pastBottom = block.inkBottom > height + tol && (block.top + block.height <= height || frame.pinned == true)
                    if (block.top >= 0 && block.inkTop < -tol) || pastBottom {
                        report(
                            "frame-\(block.id)",
                            Finding(
                                .inkClipped, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                message: "\(BlockName.of(block)): ink clipped at the frame \(pastBottom ? "bottom " : "")edge",
                                values: ["inkTop": block.inkTop, "inkBottom": block.inkBottom]))
                    }
                    if let above = previous, block.inkTop < above.top + above.height - tol, block.inkTop < block.top - tol {
                        report(
                            "overlap-\(block.id)",
                            Finding(
                                .inkOverlap, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                message: "\(BlockName.of(block)): ink reaches \((above.top + above.height - block.inkTop).rounded2) px "
                                    + "into \(BlockName.of(above))",
                                values: ["overlap": above.top + above.height - block.inkTop]))
                    }
                }
            }, finish: { (findings, nil, findings.isEmpty) }
        ).onPictures
    }

    /// The pitch Arabic script needs, as a multiple of the font size (shared/seeds/000).
    static let arabicPitch = 1.8

    /// A letter of the Arabic script, by its Unicode blocks (Arabic, Supplement, Extended-A/B,
    /// Presentation Forms-A/B): the judge's own test, not the client's `ScriptClass`.
    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        guard StrongLetters.direction(of: scalar) == .rtl else { return false }
        switch scalar.value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return true
        default: return false
        }
    }
}
