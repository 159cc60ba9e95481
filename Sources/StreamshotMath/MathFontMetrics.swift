/// The OpenType MATH table's constants (the order of HarfBuzz's `hb_ot_math_constant_t`).
public enum MathConstant: Int, CaseIterable, Sendable {
    case scriptPercentScaleDown, scriptScriptPercentScaleDown, delimitedSubFormulaMinHeight, displayOperatorMinHeight
    case mathLeading, axisHeight, accentBaseHeight, flattenedAccentBaseHeight
    case subscriptShiftDown, subscriptTopMax, subscriptBaselineDropMin
    case superscriptShiftUp, superscriptShiftUpCramped, superscriptBottomMin, superscriptBaselineDropMax
    case subSuperscriptGapMin, superscriptBottomMaxWithSubscript, spaceAfterScript
    case upperLimitGapMin, upperLimitBaselineRiseMin, lowerLimitGapMin, lowerLimitBaselineDropMin
    case stackTopShiftUp, stackTopDisplayStyleShiftUp, stackBottomShiftDown, stackBottomDisplayStyleShiftDown
    case stackGapMin, stackDisplayStyleGapMin
    case stretchStackTopShiftUp, stretchStackBottomShiftDown, stretchStackGapAboveMin, stretchStackGapBelowMin
    case fractionNumeratorShiftUp, fractionNumeratorDisplayStyleShiftUp
    case fractionDenominatorShiftDown, fractionDenominatorDisplayStyleShiftDown
    case fractionNumeratorGapMin, fractionNumDisplayStyleGapMin, fractionRuleThickness
    case fractionDenominatorGapMin, fractionDenomDisplayStyleGapMin
    case skewedFractionHorizontalGap, skewedFractionVerticalGap
    case overbarVerticalGap, overbarRuleThickness, overbarExtraAscender
    case underbarVerticalGap, underbarRuleThickness, underbarExtraDescender
    case radicalVerticalGap, radicalDisplayStyleVerticalGap, radicalRuleThickness, radicalExtraAscender
    case radicalKernBeforeDegree, radicalKernAfterDegree, radicalDegreeBottomRaisePercent
}

/// A glyph's box, in font units: up from the baseline to its top, down to its bottom, and its advance.
public struct GlyphMetrics: Sendable, Equatable {
    public var advance: Double
    public var ascent: Double
    public var descent: Double

    public init(advance: Double, ascent: Double, descent: Double) {
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
    }
}

/// One piece of a stretched glyph (a brace's tip, its middle, its extender), in font units.
public struct GlyphPart: Sendable, Equatable {
    public var glyph: UInt32
    public var startConnector: Double
    public var endConnector: Double
    public var fullAdvance: Double
    public var isExtender: Bool

    public init(glyph: UInt32, startConnector: Double, endConnector: Double, fullAdvance: Double, isExtender: Bool) {
        self.glyph = glyph
        self.startConnector = startConnector
        self.endConnector = endConnector
        self.fullAdvance = fullAdvance
        self.isExtender = isExtender
    }
}

/// Words set inside a formula (`\text`, a function's name), measured by whoever draws them.
public protocol MathTextRun: AnyObject {
    var width: Double { get }
    var ascent: Double { get }
    var descent: Double { get }
}

/// What layout needs from a math font: its MATH table and its glyphs, in font units. The
/// graphics module reads them from HarfBuzz (`hb_ot_math_*`); layout never touches C.
public protocol MathFontMetrics {
    var unitsPerEm: Double { get }
    func constant(_ constant: MathConstant) -> Double
    /// The glyph for `scalar`, nil when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32?
    func metrics(of glyph: UInt32) -> GlyphMetrics
    func italicCorrection(of glyph: UInt32) -> Double
    /// Where an accent above the glyph is centred, from its left edge (nil: its middle).
    func topAccentAttachment(of glyph: UInt32) -> Double?
    /// Larger forms of the glyph, smallest first (itself included), with their sizes along `vertical`'s axis.
    func variants(of glyph: UInt32, vertical: Bool) -> [(glyph: UInt32, advance: Double)]
    /// The pieces to build a form larger than every variant, bottom (or left) first; empty when it has none.
    func assembly(of glyph: UInt32, vertical: Bool) -> [GlyphPart]
    func minConnectorOverlap(vertical: Bool) -> Double
    /// `text` set in the text font at `size` pixels (`bold`: its bold face), for drawing as words.
    func textRun(_ text: String, size: Double, bold: Bool) -> any MathTextRun
}
