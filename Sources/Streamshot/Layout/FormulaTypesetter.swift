import StreamshotGraphics
import StreamshotMath

/// Typesets a block's formulas with the math font in the render's fonts folder, each formula
/// once per render: a streaming paragraph laid out again on every frame reuses its formulas'
/// boxes (same source, size and text fonts, same box: the cache changes speed, never bytes).
final class FormulaTypesetter {
    private struct Key: Hashable {
        let tex: String
        let display: Bool
        let piece: Int
        let size: Double
        let families: String
    }

    /// How much larger than the text a formula is set: KaTeX's 1.21 em, which brings Latin
    /// Modern's small x-height up to the text's.
    static let sizeFactor = 1.21

    private let fontsDirectory: String
    /// Opened when the render's first formula is typeset: a render without formulas (and its
    /// process) never reads the math font.
    private lazy var font: MathFont? = try? MathFont.load(fromFontsIn: fontsDirectory)
    private var boxes: [Key: MathBox] = [:]

    init(fontsDirectory: String) {
        self.fontsDirectory = fontsDirectory
    }

    /// The boxes of `content`'s formulas, for text `textSize` pixels in `families`; nil when
    /// it has none (or the fonts folder has no math font).
    func formulas(of content: StyledText, textSize: Double, families: String, library: FontLibrary) -> InlineFormulas? {
        guard !content.formulas.isEmpty, let font else { return nil }
        let size = textSize * Self.sizeFactor
        let boxes = content.formulas.map { formula in
            let key = Key(tex: formula.tex, display: formula.display, piece: formula.piece, size: size, families: families)
            if let box = self.boxes[key] { return box }
            // The model shows a formula only once its TeX reads (`MathMarks`); one that does not
            // typesets as an empty box rather than stopping the render.
            let whole = (try? TeXParser.parse(formula.tex)) ?? .row([])
            let pieces = formula.display ? [whole] : whole.lineBreakPieces
            let node = formula.piece < pieces.count ? pieces[formula.piece] : .row([])
            let typesetting = MathTypesetting(font: font, library: library, textFamilies: families)
            let box = MathLayouter(font: typesetting, size: size).layout(node, display: formula.display)
            self.boxes[key] = box
            return box
        }
        return InlineFormulas(font: font, boxes: boxes, sources: content.formulas.map { ($0.written, $0.display) })
    }
}
