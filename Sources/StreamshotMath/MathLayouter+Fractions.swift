extension MathLayouter {
    /// A fraction (or, without a rule, a binomial's stack), centred on the math axis, with TeX's
    /// null delimiter space on each side.
    /// - Parameter padded: with TeX's null delimiter space on each side (not inside a binomial's own delimiters).
    func fraction(
        _ numerator: MathNode, _ denominator: MathNode, style: MathStyle, hasRule: Bool, cramped: Bool, padded: Bool = true
    ) -> MathBox {
        let partStyle = style.fractionParts
        let top = layout(numerator, style: partStyle, cramped: cramped)
        let bottom = layout(denominator, style: partStyle, cramped: true)
        let display = style == .display
        let axis = constant(.axisHeight, style)
        var up: Double
        var down: Double
        let thickness = hasRule ? constant(.fractionRuleThickness, style) : 0
        if hasRule {
            up = max(
                constant(display ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, style),
                axis + thickness / 2 + constant(display ? .fractionNumDisplayStyleGapMin : .fractionNumeratorGapMin, style) + top.depth)
            down = max(
                constant(display ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, style),
                bottom.height + constant(display ? .fractionDenomDisplayStyleGapMin : .fractionDenominatorGapMin, style) - (axis - thickness / 2))
        } else {
            // TeX's \atop shifts a stack as far as a fraction (KaTeX does too), then opens the gap.
            up = constant(display ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, style)
            down = constant(display ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, style)
            let gap = (up - top.depth) - (bottom.height - down)
            let minimum = constant(display ? .stackDisplayStyleGapMin : .stackGapMin, style)
            if gap < minimum {
                up += (minimum - gap) / 2
                down += (minimum - gap) / 2
            }
        }
        let pad = padded ? nullDelimiterSpace(style) : 0
        let inner = max(top.width, bottom.width)
        var box = MathBox()
        box.place(top, x: pad + (inner - top.width) / 2, raise: up)
        box.place(bottom, x: pad + (inner - bottom.width) / 2, raise: -down)
        if hasRule {
            box.items.append(.rule(x: pad, y: -(axis + thickness / 2), width: inner, height: thickness))
        }
        box.width = inner + 2 * pad
        box.mathClass = .inner
        return box
    }

    /// TeX's `\nulldelimiterspace` (1.2 pt at 10 pt): the room an absent delimiter takes.
    func nullDelimiterSpace(_ style: MathStyle) -> Double { 0.12 * em(style) }

    /// A radical over its radicand, the sign stretched to its height, with an index if given.
    func radical(_ radicand: MathNode, degree: MathNode?, style: MathStyle) -> MathBox {
        let inside = layout(radicand, style: style, cramped: true)
        var gap = constant(style == .display ? .radicalDisplayStyleVerticalGap : .radicalVerticalGap, style)
        let thickness = constant(.radicalRuleThickness, style)
        let target = inside.height + inside.depth + gap + thickness
        let sign = stretched("√", total: target, style: style)
        let signTotal = sign.height + sign.depth
        if signTotal > target { gap += (signTotal - target) / 2 }
        let ruleTop = inside.height + gap + thickness
        var box = MathBox()
        var x = 0.0
        if let degree {
            let index = layout(degree, style: .scriptScript, cramped: false)
            let raise = font.constant(.radicalDegreeBottomRaisePercent) / 100 * signTotal - (signTotal - ruleTop)
            x = constant(.radicalKernBeforeDegree, style)
            box.place(index, x: x, raise: raise + index.depth)
            x = max(0, x + index.width + constant(.radicalKernAfterDegree, style))
        }
        box.place(sign, x: x, raise: ruleTop - sign.height)
        x += sign.width
        box.items.append(.rule(x: x, y: -ruleTop, width: inside.width, height: thickness))
        box.place(inside, x: x)
        box.width = x + inside.width
        box.height = max(box.height, ruleTop + constant(.radicalExtraAscender, style))
        return box
    }
}
