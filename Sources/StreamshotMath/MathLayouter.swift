/// Typesets a parsed formula with a math font's MATH table, by the rules of TeX's appendix G as
/// OpenType and MathML Core restate them: each style's size, the space between atoms, scripts,
/// limits, fractions, radicals, stretched delimiters, accents and tables.
public struct MathLayouter {
    let font: any MathFontMetrics
    /// The text-style font size, in pixels.
    let size: Double

    public init(font: any MathFontMetrics, size: Double) {
        self.font = font
        self.size = size
    }

    /// Sets `node` in display style (a formula of its own) or text style (inline).
    public func layout(_ node: MathNode, display: Bool) -> MathBox {
        layout(node, style: display ? .display : .text, cramped: false)
    }

    // MARK: - Sizes

    /// How much smaller than the text style a style's font is.
    func factor(_ style: MathStyle) -> Double {
        switch style {
        case .display, .text: return 1
        case .script: return font.constant(.scriptPercentScaleDown) / 100
        case .scriptScript: return font.constant(.scriptScriptPercentScaleDown) / 100
        }
    }

    /// The style's font size in pixels (one em).
    func em(_ style: MathStyle) -> Double { size * factor(style) }

    /// Font units to pixels in `style`.
    func px(_ units: Double, _ style: MathStyle) -> Double { units * em(style) / font.unitsPerEm }

    /// A MATH constant in pixels in `style`.
    func constant(_ constant: MathConstant, _ style: MathStyle) -> Double { px(font.constant(constant), style) }

    // MARK: - Nodes

    func layout(_ node: MathNode, style: MathStyle, cramped: Bool) -> MathBox {
        switch node {
        case .symbol(let scalar, let mathClass):
            var box = symbol(scalar, style: style)
            box.mathClass = mathClass
            return box
        case .group(let nodes):
            var box = row(nodes, style: style, cramped: cramped)
            box.mathClass = .ordinary
            // A group of one letter keeps its italic correction and accent point.
            if nodes.count == 1, case .symbol = nodes[0] { box.isCharacter = true }
            return box
        case .row(let nodes): return row(nodes, style: style, cramped: cramped)
        case .fraction(let numerator, let denominator, let fractionStyle, let hasRule):
            return fraction(numerator, denominator, style: fractionStyle.resolved(style), hasRule: hasRule, cramped: cramped)
        case .scripts(let base, let sub, let sup): return scripts(base, sub: sub, sup: sup, style: style, cramped: cramped)
        case .radical(let degree, let radicand): return radical(radicand, degree: degree, style: style)
        case .delimited(let open, let close, .fraction(let top, let bottom, let fractionStyle, false)):
            return binomial(top, bottom, style: fractionStyle.resolved(style), open: open, close: close, cramped: cramped)
        case .delimited(let open, let close, let content): return delimited(content, open: open, close: close, style: style, cramped: cramped)
        case .sizedDelimiter(let scalar, let height, let mathClass):
            var box = delimiter(scalar, totalHeight: height * em(style), style: style, nearest: true)
            box.mathClass = mathClass
            return box
        case .largeOperator(let scalar, let name, _): return largeOperator(scalar, name: name, style: style)
        case .function(let name):
            var box = words(name, style: style, bold: false)
            box.mathClass = .largeOperator
            return box
        case .accent(let base, let mark, let stretches): return accent(base, mark: mark, stretches: stretches, style: style)
        case .overline(let base): return overline(base, style: style)
        case .underline(let base): return underline(base, style: style, cramped: cramped)
        case .table(let rows, let format, let open, let close): return table(rows, format: format, open: open, close: close, style: style)
        case .text(let text, let bold): return words(text, style: style, bold: bold)
        case .space(let ems): return MathBox(width: ems * em(style))
        case .styleSpace(let display, let other): return MathBox(width: (style == .display ? display : other) * em(style))
        case .styled(let given, let content): return layout(content, style: given, cramped: cramped)
        case .middle(let scalar): return symbol(scalar, style: style)
        case .classed(let mathClass, let content):
            var box = row(content, style: style, cramped: cramped)
            box.mathClass = mathClass
            return box
        }
    }

    /// A row of atoms side by side on one baseline, TeX's space between each two.
    func row(_ node: MathNode, style: MathStyle, cramped: Bool) -> MathBox {
        if case .row(let nodes) = node { return row(nodes, style: style, cramped: cramped) }
        return layout(node, style: style, cramped: cramped)
    }

    func row(_ nodes: [MathNode], style: MathStyle, cramped: Bool) -> MathBox {
        let boxes = nodes.map { layout($0, style: style, cramped: cramped) }
        // Spaces are not atoms: they take no part in choosing the space between atoms.
        let atomIndices = nodes.indices.filter { !nodes[$0].isSpace }
        let classes = MathSpacing.resolvingBinaries(atomIndices.map { boxes[$0].mathClass })
        var spaceBefore = [Double](repeating: 0, count: nodes.count)
        for position in atomIndices.indices.dropFirst() {
            let mu = MathSpacing.mu(between: classes[position - 1], classes[position], style: style)
            spaceBefore[atomIndices[position]] = mu * em(style) / 18
        }
        var result = MathBox()
        for (index, box) in boxes.enumerated() {
            result.width += spaceBefore[index]
            result.append(box)
        }
        if boxes.count == 1 {
            result.italicCorrection = boxes[0].italicCorrection
            result.accentX = boxes[0].accentX
            result.isCharacter = boxes[0].isCharacter
        }
        // A row of one atom and spaces (`\;\Longrightarrow\;`) is spaced as that atom.
        if atomIndices.count == 1 { result.mathClass = boxes[atomIndices[0]].mathClass }
        return result
    }

    /// One character: the math font's glyph, or (a letter the font lacks: Persian, Arabic) the
    /// text font's.
    func symbol(_ scalar: Unicode.Scalar, style: MathStyle) -> MathBox {
        guard let glyph = font.glyph(for: scalar) else { return words(String(scalar), style: style, bold: false) }
        var box = glyphBox(glyph, style: style)
        // TeX's rule 17: a character's italic correction is part of its width (scripts take it back).
        box.width += max(0, box.italicCorrection)
        box.isCharacter = true
        return box
    }

    /// A glyph at its own box, its baseline on the box's.
    func glyphBox(_ glyph: UInt32, style: MathStyle) -> MathBox {
        let metrics = font.metrics(of: glyph)
        var box = MathBox(
            width: px(metrics.advance, style), height: px(metrics.ascent, style), depth: px(metrics.descent, style),
            items: [.glyph(glyph, x: 0, y: 0, size: em(style))])
        box.italicCorrection = px(font.italicCorrection(of: glyph), style)
        box.accentX = font.topAccentAttachment(of: glyph).map { px($0, style) }
        return box
    }

    /// Words: the math font's own upright letters when it has every one (a function's name,
    /// Latin `\text`), else the text font's (words in other scripts).
    func words(_ text: String, style: MathStyle, bold: Bool) -> MathBox {
        let glyphs = text.unicodeScalars.map { font.glyph(for: bold ? MathAlphabet.map($0, .bold) : $0) }
        guard glyphs.allSatisfy({ $0 != nil }) else {
            let run = font.textRun(text, size: em(style), bold: bold)
            return MathBox(width: run.width, height: run.ascent, depth: run.descent, items: [.text(run, x: 0, y: 0)])
        }
        var box = MathBox()
        for glyph in glyphs { box.append(glyphBox(glyph!, style: style)) }
        return box
    }
}

extension MathNode {
    var isSpace: Bool {
        switch self {
        case .space, .styleSpace: return true
        default: return false
        }
    }
}

extension FractionStyle {
    /// The style a fraction is set in, standing in `style`.
    func resolved(_ style: MathStyle) -> MathStyle {
        switch self {
        case .inherited: return style
        case .display: return .display
        case .text: return .text
        }
    }
}
