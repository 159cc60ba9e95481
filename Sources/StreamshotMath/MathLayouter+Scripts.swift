extension MathLayouter {
    /// A base with a subscript, a superscript or both: beside it (TeX's rules 18a-f, with the
    /// MATH table's shifts and gaps), or above and below a big operator in display style.
    func scripts(_ base: MathNode, sub: MathNode?, sup: MathNode?, style: MathStyle, cramped: Bool) -> MathBox {
        if case .largeOperator(_, _, let limits) = base, limits == .always || (limits == .displayOnly && style == .display) {
            return self.limits(layout(base, style: style, cramped: cramped), sub: sub, sup: sup, style: style)
        }
        let baseBox = layout(base, style: style, cramped: cramped)
        let scriptStyle = style.scripts
        let supBox = sup.map { layout($0, style: scriptStyle, cramped: cramped) }
        let subBox = sub.map { layout($0, style: scriptStyle, cramped: true) }
        var (up, down) = (0.0, 0.0)
        if !baseBox.isCharacter {
            up = baseBox.height - constant(.superscriptBaselineDropMax, scriptStyle)
            down = baseBox.depth + constant(.subscriptBaselineDropMin, scriptStyle)
        }
        if let supBox {
            let shift = constant(cramped ? .superscriptShiftUpCramped : .superscriptShiftUp, style)
            up = max(up, shift, supBox.depth + constant(.superscriptBottomMin, style))
        }
        if let subBox {
            down = max(down, constant(.subscriptShiftDown, style))
            if supBox == nil { down = max(down, subBox.height - constant(.subscriptTopMax, style)) }
        }
        if let supBox, let subBox {
            let gap = (up - supBox.depth) - (subBox.height - down)
            let minimum = constant(.subSuperscriptGapMin, style)
            if gap < minimum {
                down += minimum - gap
                let lift = constant(.superscriptBottomMaxWithSubscript, style) - (up - supBox.depth)
                if lift > 0 {
                    up += lift
                    down -= lift
                }
            }
        }
        var box = baseBox
        let italic = max(0, baseBox.italicCorrection)
        // A letter's width holds its italic correction: its superscript clears the slant, its
        // subscript tucks under it; an integral's subscript tucks under its slant too.
        let isOperator = baseBox.mathClass == .largeOperator
        let core = baseBox.isCharacter ? baseBox.width - italic : baseBox.width
        var end = core
        if let supBox {
            let x = core + (isOperator ? 0 : italic)
            box.place(supBox, x: x, raise: up)
            end = max(end, x + supBox.width)
        }
        if let subBox {
            let x = core - (isOperator ? italic : 0)
            box.place(subBox, x: x, raise: -down)
            end = max(end, x + subBox.width)
        }
        box.width = end + constant(.spaceAfterScript, style)
        box.isCharacter = false
        box.accentX = nil
        box.italicCorrection = 0
        box.mathClass = baseBox.mathClass
        return box
    }

    /// TeX's `\bigopspacing5`: room above an upper limit and below a lower one, in ems.
    static let limitPadding = 0.1

    /// Limits centred above and below an operator (`\sum`, `\lim` in display style).
    func limits(_ operatorBox: MathBox, sub: MathNode?, sup: MathNode?, style: MathStyle) -> MathBox {
        let scriptStyle = style.scripts
        let supBox = sup.map { layout($0, style: scriptStyle, cramped: false) }
        let subBox = sub.map { layout($0, style: scriptStyle, cramped: true) }
        let width = max(operatorBox.width, supBox?.width ?? 0, subBox?.width ?? 0)
        let italic = operatorBox.italicCorrection
        var box = MathBox()
        box.place(operatorBox, x: (width - operatorBox.width) / 2)
        if let supBox {
            let rise = max(constant(.upperLimitBaselineRiseMin, style), constant(.upperLimitGapMin, style) + supBox.depth)
            box.place(supBox, x: (width - supBox.width + italic) / 2, raise: operatorBox.height + rise)
            box.height += Self.limitPadding * em(style)
        }
        if let subBox {
            let drop = max(constant(.lowerLimitBaselineDropMin, style), constant(.lowerLimitGapMin, style) + subBox.height)
            box.place(subBox, x: (width - subBox.width - italic) / 2, raise: -(operatorBox.depth + drop))
            box.depth += Self.limitPadding * em(style)
        }
        box.width = width
        box.mathClass = .largeOperator
        return box
    }

    /// A big operator, larger in display style and centred on the math axis; or a named one
    /// (`\lim`) on the baseline.
    func largeOperator(_ scalar: Unicode.Scalar?, name: String?, style: MathStyle) -> MathBox {
        guard let scalar, let glyph = font.glyph(for: scalar) else {
            var box = words(name ?? "", style: style, bold: false)
            box.mathClass = .largeOperator
            return box
        }
        var chosen = glyph
        if style == .display {
            let minimum = font.constant(.displayOperatorMinHeight)
            let variants = font.variants(of: glyph, vertical: true)
            chosen = variants.first { $0.advance >= minimum }?.glyph ?? variants.last?.glyph ?? glyph
        }
        let glyphBox = glyphBox(chosen, style: style)
        let axis = constant(.axisHeight, style)
        let raise = axis - (glyphBox.height - glyphBox.depth) / 2
        var box = MathBox()
        box.place(glyphBox, x: 0, raise: raise)
        box.width = glyphBox.width
        box.italicCorrection = glyphBox.italicCorrection
        box.mathClass = .largeOperator
        return box
    }
}
