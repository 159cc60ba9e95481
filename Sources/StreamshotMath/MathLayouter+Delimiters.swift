extension MathLayouter {
    /// `\left…\right`: delimiters stretched to cover the row around the math axis, by TeX's
    /// rule (at least 90.1% of twice the row's reach from the axis, and no more than 0.5 em short).
    func delimited(_ content: MathNode, open: Unicode.Scalar?, close: Unicode.Scalar?, style: MathStyle, cramped: Bool) -> MathBox {
        let inside = row(content, style: style, cramped: cramped)
        let total = delimiterHeight(around: inside, style: style)
        // `\middle` delimiters grow to the same height: the row is set again with them sized.
        let sized = content.sizingMiddles(to: total / em(style))
        return delimited(sized == content ? inside : row(sized, style: style, cramped: cramped), open: open, close: close, style: style)
    }

    /// How tall `\left` and `\right` around `content` are.
    func delimiterHeight(around content: MathBox, style: MathStyle) -> Double {
        let axis = constant(.axisHeight, style)
        let reach = max(content.height - axis, content.depth + axis)
        return max(reach / 500 * 901, 2 * reach - 0.5 * em(style))
    }

    func delimited(_ content: MathBox, open: Unicode.Scalar?, close: Unicode.Scalar?, style: MathStyle) -> MathBox {
        let total = delimiterHeight(around: content, style: style)
        var box = MathBox()
        box.append(open.map { delimiter($0, totalHeight: total, style: style) } ?? MathBox(width: nullDelimiterSpace(style)))
        box.append(content)
        box.append(close.map { delimiter($0, totalHeight: total, style: style) } ?? MathBox(width: nullDelimiterSpace(style)))
        box.mathClass = .inner
        return box
    }

    /// A binomial coefficient: its stack without a rule in delimiters of TeX's fixed sizes
    /// (`\delim1`, 2.4 em, in display style; 1.2 em otherwise), with no null delimiter space.
    func binomial(_ top: MathNode, _ bottom: MathNode, style: MathStyle, open: Unicode.Scalar?, close: Unicode.Scalar?, cramped: Bool) -> MathBox {
        let stack = fraction(top, bottom, style: style, hasRule: false, cramped: cramped, padded: false)
        let height = (style == .display ? 2.4 : 1.2) * em(style)
        var box = MathBox()
        if let open { box.append(delimiter(open, totalHeight: height, style: style)) }
        box.append(stack)
        if let close { box.append(delimiter(close, totalHeight: height, style: style)) }
        box.mathClass = .inner
        return box
    }

    /// A delimiter at least `totalHeight` tall (or its largest form), centred on the math axis.
    /// - Parameter nearest: the form nearest that height instead (`\big` and its sizes, TeX's
    ///   fixed steps, which a font's variants approximate).
    func delimiter(_ scalar: Unicode.Scalar, totalHeight: Double, style: MathStyle, nearest: Bool = false) -> MathBox {
        let glyph = nearest ? nearestForm(scalar, total: totalHeight, style: style) : stretched(scalar, total: totalHeight, style: style)
        let axis = constant(.axisHeight, style)
        var box = MathBox()
        box.place(glyph, x: 0, raise: axis - (glyph.height - glyph.depth) / 2)
        box.width = glyph.width
        return box
    }

    /// `scalar`'s smallest vertical form at least `total` tall: a larger variant, else one built
    /// from its assembly's pieces, else its largest variant.
    func stretched(_ scalar: Unicode.Scalar, total: Double, style: MathStyle) -> MathBox {
        guard let glyph = font.glyph(for: scalar) else { return symbol(scalar, style: style) }
        let units = total * font.unitsPerEm / em(style)
        let variants = font.variants(of: glyph, vertical: true)
        if let fits = variants.first(where: { max($0.advance, inkHeight($0.glyph)) >= units }) { return glyphBox(fits.glyph, style: style) }
        let parts = font.assembly(of: glyph, vertical: true)
        if !parts.isEmpty { return assembled(parts, length: units, vertical: true, style: style) }
        return glyphBox(variants.last?.glyph ?? glyph, style: style)
    }

    /// `scalar`'s vertical variant nearest `total` in height.
    func nearestForm(_ scalar: Unicode.Scalar, total: Double, style: MathStyle) -> MathBox {
        guard let glyph = font.glyph(for: scalar) else { return symbol(scalar, style: style) }
        let units = total * font.unitsPerEm / em(style)
        let variants = font.variants(of: glyph, vertical: true)
        let nearest = variants.min { abs(inkHeight($0.glyph) - units) < abs(inkHeight($1.glyph) - units) }
        return glyphBox(nearest?.glyph ?? glyph, style: style)
    }

    /// `scalar`'s smallest horizontal form at least `width` wide (a wide accent's), else its widest.
    func widened(_ scalar: Unicode.Scalar, width: Double, style: MathStyle) -> MathBox? {
        guard let glyph = font.glyph(for: scalar) else { return nil }
        let units = width * font.unitsPerEm / em(style)
        let variants = font.variants(of: glyph, vertical: false)
        let chosen = variants.first { $0.advance >= units }?.glyph ?? variants.last?.glyph ?? glyph
        return glyphBox(chosen, style: style)
    }

    private func inkHeight(_ glyph: UInt32) -> Double {
        let metrics = font.metrics(of: glyph)
        return metrics.ascent + metrics.descent
    }

    /// A glyph built from its pieces to `length` font units, bottom (or left) first: the fewest
    /// repeats of the extenders that reach it, then the overlaps between pieces shared out so
    /// the whole is as long as asked (and never overlapping less than the font's minimum).
    func assembled(_ parts: [GlyphPart], length: Double, vertical: Bool, style: MathStyle) -> MathBox {
        let overlapMin = font.minConnectorOverlap(vertical: vertical)
        var pieces: [GlyphPart] = []
        for repeats in 0...64 {
            pieces = parts.flatMap { $0.isExtender ? Array(repeating: $0, count: repeats) : [$0] }
            let longest = pieces.reduce(0) { $0 + $1.fullAdvance } - Double(max(pieces.count - 1, 0)) * overlapMin
            if longest >= length { break }
        }
        let sum = pieces.reduce(0) { $0 + $1.fullAdvance }
        var overlap = pieces.count > 1 ? (sum - length) / Double(pieces.count - 1) : 0
        let allowed = zip(pieces, pieces.dropFirst()).map { min($0.endConnector, $1.startConnector) }.min() ?? 0
        overlap = max(overlapMin, min(overlap, allowed))
        var box = MathBox()
        var position = 0.0
        for piece in pieces {
            let metrics = font.metrics(of: piece.glyph)
            let glyph = glyphBox(piece.glyph, style: style)
            if vertical {
                // Each piece's ink starts where the one below it ends, less the overlap.
                box.place(glyph, x: 0, raise: px(position + metrics.descent, style))
            } else {
                box.place(glyph, x: px(position, style))
            }
            position += piece.fullAdvance - overlap
        }
        let extent = px(position + overlap, style)
        if vertical {
            box.depth = 0
            box.height = extent
        } else {
            box.width = extent
        }
        return box
    }
}

extension MathNode {
    /// The row with its `\middle` delimiters (at its top level) made `height` ems tall.
    func sizingMiddles(to height: Double) -> MathNode {
        guard case .row(let nodes) = self else { return self }
        return .row(
            nodes.map { node in
                if case .middle(let scalar) = node { return .sizedDelimiter(scalar, height: height, .ordinary) }
                return node
            })
    }
}
