import StreamshotGraphics

extension TextPiece {
    /// Each line's band within `visibleX`, narrowed where the band's edge would cut the first
    /// letters off a word (`TextLayout.cutKeepingWordStarts`): empty when no line is, or when the
    /// piece shows whole.
    func wordKeepingClips() -> [Range<Double>] {
        guard let visible = visibleX else { return [] }
        var narrowed = false
        let clips = layout.lines.indices.map { index -> Range<Double> in
            let (x, line) = (layoutX(ofLine: index), layout.lines[index])
            var (lower, upper) = (visible.lowerBound, visible.upperBound)
            if x + line.x + line.width > upper { upper = x + layout.cutKeepingWordStarts(line: index, at: upper - x, hiding: .right) }
            if x + line.x < lower { lower = x + layout.cutKeepingWordStarts(line: index, at: lower - x, hiding: .left) }
            narrowed = narrowed || lower != visible.lowerBound || upper != visible.upperBound
            return lower..<max(lower, upper)
        }
        return narrowed ? clips : []
    }
}
