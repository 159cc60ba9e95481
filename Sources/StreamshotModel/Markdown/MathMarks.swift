import StreamshotMath

/// The formulas `MathMarking` took out of the source, put back into the parsed blocks: each
/// placeholder becomes the formula's object character under a `.math` span (or, in code, or
/// when its TeX cannot be read, the formula as written, in code style); a paragraph that is one
/// display formula becomes a formula block, as does a `math` fence.
enum MathMarks {
    static func apply(_ groups: [TopLevelDraft], formulas: [WrittenFormula]) -> [TopLevelDraft] {
        groups.map { group in
            var marked = group
            marked.leaves = group.leaves.map { apply($0, formulas: formulas) }
            return marked
        }
    }

    private static func apply(_ leaf: LeafDraft, formulas: [WrittenFormula]) -> LeafDraft {
        var leaf = leaf
        switch leaf.kind {
        case .code(let language) where language.lowercased() == "math":
            leaf.kind = .formula
            leaf.content = formulaText(
                WrittenFormula(tex: leaf.content.text.trimmingSpaces, display: true, written: "```math\n\(leaf.content.text)\n```"))
        case .code, .html:
            leaf.content = mark(leaf.content, formulas: formulas, asWritten: true)
        default:
            leaf.content = mark(leaf.content, formulas: formulas, asWritten: false)
            leaf.rows = leaf.rows.map { $0.map { mark($0, formulas: formulas, asWritten: false) } }
            if leaf.kind == .paragraph, leaf.content.text == objectCharacter, leaf.content.formulas.first?.display == true {
                leaf.kind = .formula
            }
        }
        return leaf
    }

    static let objectCharacter = "\u{FFFC}"
    /// Between an inline formula's pieces: a place to break, no width (U+200B ZERO WIDTH SPACE).
    static let breakOpportunity = "\u{200B}"

    /// `content` with its placeholders replaced, and the line breaks inside formulas dropped.
    /// - Parameter asWritten: every formula shows as written (code, raw HTML).
    static func mark(_ content: StyledText, formulas: [WrittenFormula], asWritten: Bool) -> StyledText {
        guard !formulas.isEmpty, content.text.unicodeScalars.contains(where: isMarker) else { return content }
        var edits: [StyledText.Edit] = []
        var result = content
        var byte = 0
        let scalars = Array(content.text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let width = String(scalar).utf8.count
            if scalar == MathMarking.continuation {
                edits.append(StyledText.Edit(bytes: byte..<(byte + width), text: "", style: nil))
            } else if scalar == "\n", let skipped = continuationAfter(index, in: scalars) {
                // A break inside a formula, with what the parse left of its line's markers.
                let bytes = scalars[index..<skipped].reduce(0) { $0 + String($1).utf8.count }
                edits.append(StyledText.Edit(bytes: byte..<(byte + bytes), text: "", style: nil))
                byte += bytes
                index = skipped
                continue
            } else if let formula = placeholder(scalar, formulas) {
                let inCode = asWritten || content.spans.contains { $0.style.contains(.monospace) && $0.bytes.contains(byte) }
                let shown = inCode ? nil : readable(formula)
                switch shown {
                case .some(.success(let node)):
                    let pieces = formula.display ? 1 : node.lineBreakPieces.count
                    edits.append(objects(pieces, at: byte..<(byte + width)))
                    result.formulas += (0..<pieces).map {
                        InlineFormula(tex: formula.tex, display: formula.display, written: formula.written, piece: $0)
                    }
                case .some(.failure(let error)):
                    edits.append(StyledText.Edit(bytes: byte..<(byte + width), text: formula.written, style: .monospace))
                    result.formulaErrors.append(FormulaError(written: formula.written, message: error.description))
                case .none:
                    edits.append(StyledText.Edit(bytes: byte..<(byte + width), text: formula.written, style: nil))
                }
            }
            byte += width
            index += 1
        }
        return result.applying(edits)
    }

    /// `count` object characters with a zero-width space between each two (where a line may
    /// break, as KaTeX breaks an inline formula after a relation or an operator; each piece holds
    /// the space after its operator), all one left-to-right isolate.
    private static func objects(_ count: Int, at bytes: Range<Int>) -> StyledText.Edit {
        let width = objectCharacter.utf8.count
        let step = width + breakOpportunity.utf8.count
        let text = Array(repeating: objectCharacter, count: count).joined(separator: breakOpportunity)
        let inner = (0..<count).map { TextSpan(bytes: ($0 * step)..<($0 * step + width), style: .math) }
        return StyledText.Edit(bytes: bytes, text: text, style: count > 1 ? .leftToRight : nil, inner: inner)
    }

    /// A formula block's text: the object character standing for `formula`.
    static func formulaText(_ formula: WrittenFormula) -> StyledText {
        if case .failure(let error) = readable(formula) {
            var text = StyledText(formula.written, spans: [TextSpan(bytes: 0..<formula.written.utf8.count, style: .monospace)])
            text.formulaErrors = [FormulaError(written: formula.written, message: error.description)]
            return text
        }
        var text = StyledText(objectCharacter, spans: [TextSpan(bytes: 0..<objectCharacter.utf8.count, style: .math)])
        text.formulas = [InlineFormula(tex: formula.tex, display: formula.display, written: formula.written)]
        return text
    }

    private static func readable(_ formula: WrittenFormula) -> Result<MathNode, MathError> {
        Result { () throws(MathError) in try TeXParser.parse(formula.tex) }
    }

    private static func isMarker(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= MathMarking.firstPlaceholder && scalar.value <= MathMarking.continuation.value
    }

    private static func placeholder(_ scalar: Unicode.Scalar, _ formulas: [WrittenFormula]) -> WrittenFormula? {
        guard scalar.value >= MathMarking.firstPlaceholder, scalar != MathMarking.continuation else { return nil }
        let index = Int(scalar.value - MathMarking.firstPlaceholder)
        return index < formulas.count ? formulas[index] : nil
    }

    /// Where the continuation after the line break at `index` ends (past spaces and quote
    /// markers the parse left), if one follows it.
    private static func continuationAfter(_ index: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var position = index + 1
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" || scalars[position] == ">" { position += 1 }
        return position < scalars.count && scalars[position] == MathMarking.continuation ? position + 1 : nil
    }
}
