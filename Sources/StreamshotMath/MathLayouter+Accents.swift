extension MathLayouter {
    /// An accent over its base: its attachment point over the base's (a letter's own, else its
    /// middle), raised by how far the base stands above the font's accent base height.
    func accent(_ base: MathNode, mark: Unicode.Scalar, stretches: Bool, style: MathStyle) -> MathBox {
        let baseBox = layout(base, style: style, cramped: true)
        let accentBox = stretches ? widened(mark, width: baseBox.width, style: style) : font.glyph(for: mark).map { glyphBox($0, style: style) }
        guard let accentBox else { return baseBox }
        let raise = max(0, baseBox.height - constant(.accentBaseHeight, style))
        let baseAttach = baseBox.isCharacter ? (baseBox.accentX ?? baseBox.width / 2) : baseBox.width / 2
        let accentAttach = accentBox.accentX ?? accentBox.width / 2
        var box = baseBox
        box.place(accentBox, x: baseAttach - accentAttach, raise: raise)
        box.width = baseBox.width
        box.isCharacter = false
        box.mathClass = .ordinary
        return box
    }

    /// `\overline`: a rule above the base, with the MATH table's gap and room above.
    func overline(_ base: MathNode, style: MathStyle) -> MathBox {
        let baseBox = layout(base, style: style, cramped: true)
        let thickness = constant(.overbarRuleThickness, style)
        let top = baseBox.height + constant(.overbarVerticalGap, style) + thickness
        var box = baseBox
        box.items.append(.rule(x: 0, y: -top, width: baseBox.width, height: thickness))
        box.height = top + constant(.overbarExtraAscender, style)
        box.isCharacter = false
        box.mathClass = .ordinary
        return box
    }

    /// `\underline`: a rule below the base.
    func underline(_ base: MathNode, style: MathStyle, cramped: Bool) -> MathBox {
        let baseBox = layout(base, style: style, cramped: cramped)
        let thickness = constant(.underbarRuleThickness, style)
        let top = baseBox.depth + constant(.underbarVerticalGap, style)
        var box = baseBox
        box.items.append(.rule(x: 0, y: top, width: baseBox.width, height: thickness))
        box.depth = top + thickness + constant(.underbarExtraDescender, style)
        box.isCharacter = false
        box.mathClass = .ordinary
        return box
    }
}
