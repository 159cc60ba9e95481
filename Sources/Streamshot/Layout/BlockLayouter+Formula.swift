import StreamshotGraphics

extension BlockLayouter {
    /// A formula of its own (display style): centred in its column on a line as tall as it is,
    /// left to right in any answer; one wider than the column starts at its left edge and is cut
    /// at the column's right (the app's sideways scroll, at rest).
    func layoutFormula(_ block: Block, decision: BlockDecision, box: Box) throws -> LaidOutBlock {
        let size = theme.bodySize * scale
        let textFont = font(direction: decision.direction, size: size, bold: false)
        let formulas = self.formulas.formulas(of: block.content, textSize: size, families: textFont.families, library: fonts)
        guard let formula = formulas?.boxes.first else { return try layoutProse(block, decision: decision, box: box) }
        let fits = formula.width <= box.width
        let styled = layoutText(block.content)
        // Set unwrapped and placed here: Pango would put a formula wider than the column on a line
        // of its own below an empty one.
        let layout = try TextLayout(
            library: fonts, text: styled.text, font: textFont, width: nil, direction: decision.direction,
            alignment: .left, spans: styled.spans, formulas: formulas)
        let x = box.x + (fits ? (box.width - (layout.lines.first?.width ?? formula.width)) / 2 : 0)
        // Room above and below, as KaTeX's display leaves it around the formula's own box.
        let padding = 0.25 * size
        let regular = pitch(decision.pitch, textFont)
        let height = max(regular, formula.height + formula.depth + 2 * padding)
        let metrics = fonts.metrics(of: textFont)
        let baseline = max(padding + formula.height, (height - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent)
        var piece = TextPiece(
            layout: layout, x: x, top: 0, pitch: max(height, baseline + formula.depth + padding), baselineOffset: baseline,
            color: decision.textColor.map { .custom($0) } ?? .text, isContent: true)
        piece.visibleX = box.x..<(box.x + box.width)
        piece.source = source(of: block.content, base: 0)
        // A formula cut at the column's edge fades out there, as a code line does: the reader
        // sees there is more to scroll to, never a number that seems to end at the edge.
        let fadeWidth = 28 * scale
        let fade = Decoration(
            x: box.x + box.width - fadeWidth, y: 0, width: fadeWidth, height: piece.height, radius: 0, color: .background,
            shape: .fade(fromLeft: true))
        return LaidOutBlock(
            blockId: block.id, kind: block.kind, direction: decision.direction, alignment: decision.alignment, fontSize: size,
            linePitch: piece.pitch, height: piece.height, pieces: [piece], decorations: fits ? [] : [fade],
            caret: caret(in: piece, size: size, direction: decision.direction, box: box), text: block.content.text)
    }
}
