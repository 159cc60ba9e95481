import StreamshotGraphics
import StreamshotHighlight

/// Code as the chat apps draw it: its own lines on a rounded background, under its language's
/// label when the client heads it with one. A line longer than the box runs past it under a fade,
/// and the reader drags the block sideways (`scroll-table`, as a table), as phone clients scroll
/// code; where the box's edge would cut a word's first letters off, the word is hidden whole. A
/// client that wraps code (`BlockDecision.codeWraps`) breaks the line inside the box instead, at a
/// space where it can, and nothing runs past it.
extension BlockLayouter {
    func layoutCode(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let size = theme.codeSize * scale
        let pad = 12 * scale
        let codeFont = FontSpec(families: Self.codeFamilies, sizePx: size)
        let pitch = self.pitch(decision.pitch, codeFont)
        let label = try decision.codeLabel.map { try codeLabel($0, x: box.x + pad, top: pad * 0.75, codeSize: size) }
        let styled = bidiControls == .show ? BidiControls.revealed(block.content) : block.content
        let visible = (box.x + pad)..<(box.x + box.width - pad)
        let layout = try TextLayout(
            library: fonts, text: styled.text, font: codeFont,
            width: decision.codeWraps ? visible.upperBound - visible.lowerBound : nil,
            direction: decision.direction, alignment: .left, spans: codeSpans(block, decision, styled),
            breaksWords: decision.codeWraps)
        let room = max(0, (layout.lines.map { $0.x + $0.width }.max() ?? 0) - (visible.upperBound - visible.lowerBound))
        let scrolled = min(decision.tableScroll, room)
        var main = piece(
            layout, x: visible.lowerBound - scrolled, top: label.map { $0.top + $0.height + pad * 0.5 } ?? pad, pitch: pitch,
            font: codeFont, color: .text, isContent: true)
        // Code is not isolated; revealed controls keep their bytes.
        main.source = PieceSource(base: 0, text: block.content.text)
        main.visibleX = visible
        main.lineClips = main.wordKeepingClips()
        let height = main.top + main.height + pad
        let runsPast = layout.lines.contains(where: { main.x + $0.x + $0.width > visible.upperBound })
        let decorations = codeDecorations(
            box: box, height: height, lines: (main.top - pad / 2)..<(height - pad / 2), visible: visible, runsPast: runsPast,
            scrolled: scrolled > 0)
        let caret = self.caret(
            in: main, size: size, direction: decision.direction,
            box: Box(x: visible.lowerBound, width: visible.upperBound - visible.lowerBound))
        let laidOut = LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment,
            fontSize: size, linePitch: pitch, height: height, pieces: [label, main].compactMap { $0 },
            decorations: decorations, caret: caret, text: block.content.text)
        (laidOut.tableScroll, laidOut.sidewaysRoom) = (scrolled, room)
        return laidOut
    }

    /// The code's spans: its tokens in the theme's syntax colours where the client highlights code and
    /// the fence names a language it knows, then its own (revealed controls keep their look).
    private func codeSpans(_ block: Block, _ decision: BlockDecision, _ styled: StyledText) -> [TextSpan] {
        guard decision.codeHighlighting == .primer, case .code(let fence) = block.kind, let language = LanguageLibrary.language(forFence: fence)
        else { return styled.spans }
        return theme.syntax.spans(codeColors.runs(styled.text, language: language)) + styled.spans
    }

    /// The code's rounded background, and a fade over its lines (`lines`, top to bottom; the label
    /// stays clear) on each side where they continue: the right while a line runs past the box,
    /// the left once the reader has dragged it.
    private func codeDecorations(
        box: Box, height: Double, lines: Range<Double>, visible: Range<Double>, runsPast: Bool, scrolled: Bool
    ) -> [Decoration] {
        var decorations = [Decoration(x: box.x, y: 0, width: box.width, height: height, radius: 8 * scale, color: .codeBackground)]
        let fade = 28 * scale
        if runsPast {
            decorations.append(
                Decoration(
                    x: visible.upperBound - fade, y: lines.lowerBound, width: fade, height: lines.upperBound - lines.lowerBound,
                    radius: 0, color: .codeBackground, shape: .fade(fromLeft: true)))
        }
        if scrolled {
            decorations.append(
                Decoration(
                    x: visible.lowerBound, y: lines.lowerBound, width: fade, height: lines.upperBound - lines.lowerBound,
                    radius: 0, color: .codeBackground, shape: .fade(fromLeft: false)))
        }
        return decorations
    }

    /// The language label heading a code block: smaller than the code, muted, left to right at
    /// the block's left as the code is, on a line of its own. Not the answer's text.
    private func codeLabel(_ text: String, x: Double, top: Double, codeSize: Double) throws -> TextPiece {
        let font = FontSpec(families: Self.ltrFamilies, sizePx: codeSize * 0.85)
        let layout = try TextLayout(library: fonts, text: text, font: font, width: nil, direction: .ltr, alignment: .left)
        return piece(layout, x: x, top: top, pitch: font.sizePx * 1.4, font: font, color: .secondaryText, isContent: false)
    }
}
