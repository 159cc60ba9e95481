extension TeXParser {
    enum StyleCommand { case styleChange(MathStyle) }

    /// `\displaystyle` and its kin at the position, read if there.
    mutating func peekStyleCommand() throws(MathError) -> StyleCommand? {
        let styles: [String: MathStyle] = [
            "displaystyle": .display, "textstyle": .text, "scriptstyle": .script, "scriptscriptstyle": .scriptScript
        ]
        guard let name = peekCommand(), let style = styles[name] else { return nil }
        _ = readCommand()
        return .styleChange(style)
    }

    /// One atom: a character, a group, or a command with its arguments; nil for what draws
    /// nothing on its own (`\limits` after an operator is folded into it).
    mutating func parseAtom() throws(MathError) -> MathNode? {
        let scalar = scalars[index]
        if scalar == "{" { return .group(try parseGroup()) }
        if scalar == "\\" { return try parseCommand() }
        index += 1
        switch scalar {
        case "~": return .space(1.0 / 3)
        case "-": return .symbol("−", .binary)
        case "*": return .symbol("∗", .binary)
        case "!", "?": return .symbol(scalar, .closing)
        default: return .symbol(MathAlphabet.map(scalar, variant), MathSymbols.mathClass(of: scalar))
        }
    }

    private mutating func parseCommand() throws(MathError) -> MathNode? {
        let at = index
        let name = readCommand()
        if let node = try parseStructure(name, at: at) { return node }
        if let node = symbol(named: name) { return node }
        if let (scalar, limits) = MathSymbols.largeOperators[name] { return operatorLimits(.largeOperator(scalar, name: nil, limits: limits)) }
        if MathSymbols.functions.contains(name) { return .function(name) }
        if MathSymbols.functionsWithLimits.contains(name) {
            return operatorLimits(.largeOperator(nil, name: Self.functionName(name), limits: .displayOnly))
        }
        if let em = MathSymbols.spaces[name] { return .space(em) }
        if let arrow = MathSymbols.spacedArrows[name] { return .row([.space(5.0 / 18), .symbol(arrow, .relation), .space(5.0 / 18)]) }
        if let (mark, stretches) = MathSymbols.accents[name] { return .accent(base: try parseArgument(), mark: mark, stretches: stretches) }
        if name.isEmpty { throw MathError(offset: at, message: "a lone \\ at the end") }
        throw MathError(offset: at, message: "unknown command \\\(name)")
    }

    private static func functionName(_ name: String) -> String {
        switch name {
        case "limsup": return "lim sup"
        case "liminf": return "lim inf"
        case "argmax": return "arg max"
        case "argmin": return "arg min"
        default: return name
        }
    }

    private func symbol(named name: String) -> MathNode? {
        if let greek = MathSymbols.lowercaseGreek[name] { return .symbol(MathAlphabet.map(greek, variant), .ordinary) }
        if let greek = MathSymbols.uppercaseGreek[name] {
            return .symbol(MathAlphabet.map(greek, variant == .normal ? .upright : variant), .ordinary)
        }
        if let (scalar, mathClass) = MathSymbols.classed[name] { return .symbol(scalar, mathClass) }
        return nil
    }

    /// `\limits` or `\nolimits` right after an operator.
    private mutating func operatorLimits(_ node: MathNode) -> MathNode {
        skipSpaces()
        guard case .largeOperator(let scalar, let name, _) = node else { return node }
        switch peekCommand() {
        case "limits":
            _ = readCommand()
            return .largeOperator(scalar, name: name, limits: .always)
        case "nolimits":
            _ = readCommand()
            return .largeOperator(scalar, name: name, limits: .beside)
        default: return node
        }
    }

    /// Commands with a structure of their own: fractions, radicals, delimiters, environments,
    /// text and fonts.
    private mutating func parseStructure(_ name: String, at: Int) throws(MathError) -> MathNode? {
        switch name {
        case "frac", "cfrac": return try fraction(.inherited, rule: true, name == "cfrac" ? .display : .inherited)
        case "dfrac": return try fraction(.display, rule: true, .display)
        case "tfrac": return try fraction(.text, rule: true, .text)
        case "binom", "dbinom", "tbinom":
            let style: FractionStyle = name == "dbinom" ? .display : name == "tbinom" ? .text : .inherited
            return .delimited(open: "(", close: ")", content: try fraction(style, rule: false, style))
        case "sqrt":
            skipSpaces()
            var degree: MathNode?
            if index < scalars.count, scalars[index] == "[" {
                index += 1
                degree = .row(try parseRow(until: [.bracket]))
                index += 1
            }
            return .radical(degree: degree, radicand: try parseArgument())
        case "overline": return .overline(try parseArgument())
        case "underline": return .underline(try parseArgument())
        case "left": return try delimited(at: at)
        case "right": throw MathError(offset: at, message: "\\right without \\left")
        case "middle": return .middle(try delimiterName(at: at) ?? "|")
        case "ldots", "dots": return .classed(.inner, .row(Array(repeating: .symbol(".", .punctuation), count: 3)))
        case "cdots": return .classed(.inner, .row(Array(repeating: .symbol("⋅", .punctuation), count: 3)))
        case "big", "Big", "bigg", "Bigg", "bigl", "Bigl", "biggl", "Biggl", "bigr", "Bigr", "biggr", "Biggr", "bigm", "Bigm", "biggm", "Biggm":
            return try sizedDelimiter(name, at: at)
        case "begin": return try environment(at: at)
        case "end": throw MathError(offset: at, message: "\\end without \\begin")
        case "text", "textrm", "textnormal", "mbox", "textit", "textsf", "texttt": return .text(try textArgument(), bold: false)
        case "textbf": return .text(try textArgument(), bold: true)
        case "operatorname", "operatorname*":
            let limits = consumeStar() ? LimitPlacement.displayOnly : nil
            let words = try textArgument()
            return limits.map { .largeOperator(nil, name: words, limits: $0) } ?? .function(words)
        case "mathrm", "rm", "mathup", "mathsf", "mathtt": return try withVariant(.upright)
        case "mathbf", "bf": return try withVariant(.bold)
        case "boldsymbol", "bm": return try withVariant(.boldItalic)
        case "mathit", "it": return try withVariant(.normal)
        case "mathbb": return try withVariant(.doubleStruck)
        case "mathcal", "mathscr": return try withVariant(.calligraphic)
        case "not": return try negated(at: at)
        case "pmod":
            // amsmath's \pod: 18 mu before in display style, 8 mu otherwise; "mod" is upright text.
            let argument = try parseArgument()
            return .row([
                .styleSpace(display: 1, other: 8.0 / 18), .symbol("(", .opening), .text("mod", bold: false), .space(6.0 / 18), argument,
                .symbol(")", .closing)
            ])
        case "bmod": return .row([.space(5.0 / 18), .function("mod"), .space(5.0 / 18)])
        case "\\": throw MathError(offset: at, message: "\\\\ outside a table")
        case "limits", "nolimits": return nil
        default: return nil
        }
    }

    private mutating func consumeStar() -> Bool {
        guard index < scalars.count, scalars[index] == "*" else { return false }
        index += 1
        return true
    }

    private mutating func fraction(_ style: FractionStyle, rule: Bool, _ given: FractionStyle) throws(MathError) -> MathNode {
        let numerator = try parseArgument()
        let denominator = try parseArgument()
        return .fraction(numerator: numerator, denominator: denominator, style: given == .inherited ? style : given, hasRule: rule)
    }

    private mutating func withVariant(_ given: MathVariant) throws(MathError) -> MathNode {
        let saved = variant
        variant = given
        defer { variant = saved }
        let argument = try parseArgument()
        if case .group(let nodes) = argument { return .row(nodes) }
        return argument
    }

    /// `\not` before a relation: its negated form where Unicode has one, else the relation.
    private mutating func negated(at: Int) throws(MathError) -> MathNode {
        skipSpaces()
        let negations: [Unicode.Scalar: Unicode.Scalar] = [
            "=": "≠", "∈": "∉", "≡": "≢", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱",
            "∼": "≁", "≈": "≉"
        ]
        guard index < scalars.count, let atom = try parseAtom() else { throw MathError(offset: at, message: "\\not before nothing") }
        if case .symbol(let scalar, let mathClass) = atom, let negation = negations[scalar] { return .symbol(negation, mathClass) }
        return atom
    }

    /// `{…}` read as words: braces nest, `\%`-style escapes are their characters, `\ ` a space.
    private mutating func textArgument() throws(MathError) -> String {
        skipSpaces()
        guard index < scalars.count, scalars[index] == "{" else {
            throw MathError(offset: index, message: "\\text needs its words in braces")
        }
        let start = index
        index += 1
        var depth = 1
        var text = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return text }
            case "\\" where index < scalars.count:
                // A command inside words (`\textbf` in `\text`) is dropped; its braces' words stay.
                guard !Self.isLetter(scalars[index]) else {
                    while index < scalars.count, Self.isLetter(scalars[index]) { index += 1 }
                    continue
                }
                let next = scalars[index]
                index += 1
                // Spacing commands are space between words (`arg\,max`), `\!` none.
                switch next {
                case ",", ":", ";", " ", "\\": text += next == "," ? "\u{2009}" : " "
                case "!": break
                default: text.unicodeScalars.append(next)
                }
            case "~": text += "\u{A0}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        throw MathError(offset: start, message: "\\text's { is never closed")
    }
}
