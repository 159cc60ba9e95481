import Foundation
import StreamshotGraphics
import StreamshotMath
import Testing

/// Our typesetting against KaTeX's, formula by formula, on a corpus of 282 formulas of the kinds
/// answers use (`Corpus/formulas.tsv`), both at 20 px to the em.
///
/// The tolerance, stated once: a box's width within 10% of KaTeX's plus a quarter em, and its
/// height and depth within 15% of KaTeX's whole height plus a fifth of an em. The two set the
/// same TeX by the same rules with different fonts (Latin Modern Math's MATH table here, KaTeX's
/// Computer Modern metrics there), so their boxes differ by a few pixels where the fonts'
/// parameters differ (subscript drops, big delimiter widths, array strut heights); a formula
/// set wrongly (a missing space between atoms, a fraction on the baseline, a limit beside its
/// sum) misses by far more. Arabic words have no metrics in KaTeX (it counts them as zero
/// tall), so formulas with them are held to their width only.
@Suite struct MathReferenceTests {
    static let size = 20.0

    @Test func everyCorpusFormulaIsTheSizeKaTeXMakesIt() throws {
        if let reason = KaTeXReference.unavailable {
            print("skipped: \(reason)")
            return
        }
        let sheet = ProcessInfo.processInfo.environment["STREAMSHOT_MATH_SHEET_DIR"].map(URL.init(fileURLWithPath:))
        let shots = sheet?.appendingPathComponent("katex")
        let reference = try KaTeXReference.measure(size: Self.size, shots: shots)
        let typesetting = try MathFixture.typesetting()
        #expect(reference.formulas.count >= 150)
        var boxes: [MathBox] = []
        for formula in reference.formulas {
            #expect(formula.error == nil, "KaTeX rejects \(formula.source): \(formula.error ?? "")")
            let box = try MathFixture.box(formula.source, size: Self.size, display: formula.display, in: typesetting)
            boxes.append(box)
            guard let width = formula.width, let height = formula.height, let depth = formula.depth else { continue }
            let em = Self.size
            #expect(abs(box.width - width) <= 0.1 * width + 0.25 * em, "width \(box.width) vs KaTeX \(width): \(formula.source)")
            guard !formula.source.unicodeScalars.contains(where: { (0x600...0x6FF).contains($0.value) }) else { continue }
            let tolerance = 0.15 * (height + depth) + 0.2 * em
            #expect(abs(box.height - height) <= tolerance, "height \(box.height) vs KaTeX \(height): \(formula.source)")
            #expect(abs(box.depth - depth) <= tolerance, "depth \(box.depth) vs KaTeX \(depth): \(formula.source)")
        }
        if let sheet, let shots {
            try MathFixture.sideBySide(boxes, katexShots: shots, in: typesetting, to: sheet)
        }
    }
}
