public import StreamshotMath

/// Words set inside a formula in the text fonts (`\text` in Persian, a letter the math font
/// lacks): one line of a Pango layout.
public final class MathWords: MathTextRun {
    let layout: TextLayout
    public let width: Double
    public let ascent: Double
    public let descent: Double

    init(layout: TextLayout) {
        self.layout = layout
        // Its ink, not the font's line box: words in a formula are as tall as their letters, as
        // TeX measures a character by its own height and depth.
        let line = layout.lines.first
        width = line?.width ?? 0
        ascent = max(0, -(line?.inkTop ?? 0))
        descent = max(0, line?.inkBottom ?? 0)
    }
}

/// The math font's metrics for layout, with the render's font library for the words inside
/// formulas: one per render thread, as its library is.
public struct MathTypesetting: MathFontMetrics {
    public let font: MathFont
    let library: FontLibrary
    /// The families words inside a formula are set in (the text's, so Persian reads as Persian).
    let textFamilies: String

    public init(font: MathFont, library: FontLibrary, textFamilies: String) {
        self.font = font
        self.library = library
        self.textFamilies = textFamilies
    }

    public var unitsPerEm: Double { font.unitsPerEm }
    public func constant(_ constant: MathConstant) -> Double { font.constant(constant) }
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? { font.glyph(for: scalar) }
    public func metrics(of glyph: UInt32) -> GlyphMetrics { font.metrics(of: glyph) }
    public func italicCorrection(of glyph: UInt32) -> Double { font.italicCorrection(of: glyph) }
    public func topAccentAttachment(of glyph: UInt32) -> Double? { font.topAccentAttachment(of: glyph) }
    public func variants(of glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, advance: Double)] { font.variants(of: glyph, vertical: vertical) }
    public func assembly(of glyph: UInt32, vertical: Bool) -> [GlyphPart] { font.assembly(of: glyph, vertical: vertical) }
    public func minConnectorOverlap(vertical: Bool) -> Double { font.minConnectorOverlap(vertical: vertical) }

    public func textRun(_ text: String, size: Double, bold: Bool) -> any MathTextRun {
        let direction: WritingDirection = text.unicodeScalars.contains { (0x590...0x8FF).contains($0.value) } ? .rtl : .ltr
        let font = FontSpec(families: textFamilies, sizePx: size, bold: bold)
        // A layout that cannot be made draws nothing (Pango fails only without memory).
        let layout = try? TextLayout(library: library, text: text, font: font, width: nil, direction: direction, alignment: .left)
        guard let layout else { return EmptyWords() }
        return MathWords(layout: layout)
    }
}

/// Words that could not be set: no box, nothing drawn.
final class EmptyWords: MathTextRun {
    let width = 0.0
    let ascent = 0.0
    let descent = 0.0
}
