import StreamshotManifest

extension Detector {
    /// Markdown or HTML syntax a reader sees as characters where GitHub would have drawn it,
    /// found by reading each block's shown text with the judge's own patterns (`RawSyntax`),
    /// never by trusting the block kinds the renderer gave it.
    public static let rawSyntax = Detector(
        name: "raw-syntax",
        formula:
            "in a block's final text (code blocks and code spans of the source excepted; each line on its own): heading hashes (#-###### and a space) "
            + "or a bullet (-, *, + and a space) at a line's start; **x**, __x__, ~~x~~, *x*, _x_ by GitHub's flanking rules; [text](target) or "
            + "<https://…>; [^label] when the source defines [^label]:; a tag on GitHub's allowlist (<b>, </sup>, <br>…; not the tagfilter's nine, "
            + "which GitHub shows); TeX: $$…$$, $…$ by GitHub's rule, or a TeX command (\\frac, \\times…); a table's delimiter row "
            + "(|---|:--:|: pipes, dashes, colons and spaces, a dash run beside a pipe); a code fence (``` or ~~~, up to three spaces in, no backtick "
            + "after backticks) at a line's start; a quote's > and a space before a letter at a line's start; an alert's [!NOTE], "
            + "[!WARNING]…; reported at the last frame on screen that shows the "
            + "block, once per block and match; and, while it streamed, emphasis markers shown and then dropped with the words kept (a run of "
            + "* or _ before a letter in a text the block showed, whose removal leaves a prefix of the next text it showed), at the last frame "
            + "that showed them; and the body of a <details> the source leaves closed (no open): a body line's first four to six words "
            + "(links' targets and tags dropped) that appear nowhere else in the source, in a block's final text, once per <details>"
    ) { manifest, _ in
        let defined = RawSyntax.definedFootnotes(in: manifest.text)
        let code = RawSyntax.code(in: manifest.text)
        // Only where and when: a frame per block would hold the whole render on a long one.
        var lastShown: [Int: (index: Int, timeMs: Double)] = [:]
        // The times of the frames that last showed a text a block later rewrote.
        let rewrittenThrough = Set(manifest.blocks.flatMap { $0.earlier?.map(\.throughFrame) ?? [] })
        var rewrittenAt: [Int: Double] = [:]
        return FramePass(
            visit: { frame in
                if rewrittenThrough.contains(frame.index) { rewrittenAt[frame.index] = frame.timeMs }
                guard frame.isOnScreen else { return }
                for block in frame.blocks where block.opacity > 0 { lastShown[block.id] = (frame.index, frame.timeMs) }
            },
            finish: {
                var findings: [Finding] = []
                for block in manifest.blocks where block.kind != .code {
                    guard let frame = lastShown[block.id] else { continue }
                    var seen: Set<String> = []
                    for line in block.text.split(whereSeparator: { $0 == "\n" || $0 == "\t" }) {
                        for match in RawSyntax.matches(inLine: line, definedFootnotes: defined)
                        where !code.contains(where: { $0.contains(match.text) }) && seen.insert(match.text).inserted {
                            findings.append(
                                Finding(
                                    .rawSyntax, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                                    message: "\(BlockName.of(block)) shows \(match.what): a reader sees " + "\"\(match.text)\" where GitHub draws it")
                            )
                        }
                    }
                }
                findings += Self.closedDetailsShown(manifest, lastShown: lastShown)
                findings += Self.emphasisShownWhileStreaming(manifest, frameTimes: rewrittenAt)
                return (findings, nil, findings.isEmpty)
            })
    }

    /// Blocks that show a line of a closed `<details>`'s body, which GitHub hides behind its
    /// summary (once per `<details>`, at the last frame on screen that shows the block).
    static func closedDetailsShown(_ manifest: Manifest, lastShown: [Int: (index: Int, timeMs: Double)]) -> [Finding] {
        let details = ClosedDetails(source: manifest.text)
        guard !details.bodies.isEmpty else { return [] }
        return details.bodies.compactMap { body -> Finding? in
            for block in manifest.blocks where block.kind != .code {
                guard let frame = lastShown[block.id], let probe = ClosedDetails.shownProbe(body, in: block.text) else { continue }
                let summary = body.summary.isEmpty ? "" : " «\(body.summary)»"
                return Finding(
                    .rawSyntax, frameIndex: frame.index, timeMs: frame.timeMs, blockId: block.id,
                    message: "\(BlockName.of(block)) shows the body of a closed <details>\(summary): a reader sees "
                        + "\"\(probe)…\" where GitHub shows the summary alone until it is tapped")
            }
            return nil
        }
    }

    /// Each block's texts as shown, one after the next: emphasis markers a reader saw while it
    /// streamed, then saw vanish (once per block).
    /// - Parameter frameTimes: the times of the frames named by the blocks' `earlier` texts.
    static func emphasisShownWhileStreaming(_ manifest: Manifest, frameTimes: [Int: Double]) -> [Finding] {
        manifest.blocks.filter { $0.kind != .code }.compactMap { block -> Finding? in
            guard let earlier = block.earlier else { return nil }
            let texts = earlier.map(\.text) + [block.text]
            for (index, entry) in earlier.enumerated() {
                guard let seen = RawSyntax.vanishedEmphasis(shown: texts[index], next: texts[index + 1]) else { continue }
                return Finding(
                    .rawSyntax, frameIndex: entry.throughFrame, timeMs: frameTimes[entry.throughFrame] ?? 0, blockId: block.id,
                    message: "\(BlockName.of(block)) showed emphasis markers as text while it streamed: a reader saw "
                        + "\"\(seen)\" until frame \(entry.throughFrame), before the markers went and the words stayed")
            }
            return nil
        }
    }
}
