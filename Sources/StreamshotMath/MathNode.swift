/// A formula as the TeX subset answers use it, parsed (`TeXParser`): what layout typesets.

/// TeX's classes of atoms: they decide the space between neighbours (`MathSpacing`).
public enum MathClass: Int, Sendable {
    case ordinary, largeOperator, binary, relation, opening, closing, punctuation, inner
}

/// TeX's four styles: each smaller than the one before it, and how scripts and fractions
/// step down from one to the next.
public enum MathStyle: Int, Comparable, Sendable {
    case display, text, script, scriptScript

    public static func < (lhs: MathStyle, rhs: MathStyle) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The style of a superscript or subscript set in this style.
    var scripts: MathStyle { self <= .text ? .script : .scriptScript }
    /// The style of a fraction's numerator and denominator set in this style.
    var fractionParts: MathStyle { self == .display ? .text : scripts }
    var isScript: Bool { self >= .script }
}

/// Which glyphs a run of letters is drawn with (`\mathrm`, `\mathbf`, `\mathbb`, `\mathcal`).
public enum MathVariant: Sendable, Equatable {
    /// Latin letters italic, digits and Greek capitals upright (TeX's default).
    case normal
    case upright, bold, doubleStruck, calligraphic, boldItalic
}

/// How a fraction is set.
public enum FractionStyle: Sendable, Equatable {
    /// In the surrounding style (`\frac`).
    case inherited
    /// In display style (`\dfrac`) or text style (`\tfrac`), wherever it stands.
    case display, text
}

/// Where a big operator's limits go.
public enum LimitPlacement: Sendable, Equatable {
    /// Above and below in display style, beside it otherwise (`\sum`, `\lim`).
    case displayOnly
    /// Always beside (`\int`, `\nolimits`).
    case beside
    /// Always above and below (`\limits`).
    case always
}

/// How a table's cells are spaced and aligned.
public struct TableFormat: Sendable, Equatable {
    public enum Column: Sendable, Equatable { case left, center, right }
    /// Each column's alignment; columns past the list repeat it (`aligned`: r, l, r, l).
    public var columns: [Column]
    /// The space after each column, in ems, repeating like `columns` (none after the last).
    public var gaps: [Double]
    /// The style cells are set in.
    public var style: MathStyle
    /// Extra space between rows, in ems (`aligned` adds TeX's `\jot`).
    public var rowGap: Double
    /// How much taller than the plain strut each row is at least (`\arraystretch`: `cases` 1.2).
    public var stretch: Double
    /// Space before the first column and after the last, in ems (`array`'s `\arraycolsep`).
    public var outerGap: Double
    /// Columns go in pairs, the second of each starting its relation (`aligned`'s `&=`).
    public var pairsColumns: Bool { columns == [.right, .left] }

    public init(columns: [Column], gaps: [Double], style: MathStyle, rowGap: Double = 0, stretch: Double = 1, outerGap: Double = 0) {
        self.columns = columns
        self.gaps = gaps
        self.style = style
        self.rowGap = rowGap
        self.stretch = stretch
        self.outerGap = outerGap
    }

    func alignment(ofColumn index: Int) -> Column { columns[index % columns.count] }
    func gap(afterColumn index: Int) -> Double { gaps[index % gaps.count] }
}

/// One node of a parsed formula.
public indirect enum MathNode: Sendable, Equatable {
    /// A character set as a math symbol of `mathClass` (letters already mapped to their glyph
    /// variant's code point: `x` → 𝑥).
    case symbol(Unicode.Scalar, MathClass)
    /// A braced group: one ordinary atom (`{,}` is a comma with no space after it).
    case group([MathNode])
    /// A run of nodes with no group of its own (a `\left…\right`'s inside, a cell).
    case row([MathNode])
    case fraction(numerator: MathNode, denominator: MathNode, style: FractionStyle, hasRule: Bool)
    case scripts(base: MathNode, sub: MathNode?, sup: MathNode?)
    case radical(degree: MathNode?, radicand: MathNode)
    /// `\left`, `\right` (nil: `.`) and any `\middle` delimiters, around their row.
    case delimited(open: Unicode.Scalar?, close: Unicode.Scalar?, content: MathNode)
    /// `\big` and its sizes: a delimiter of a fixed height in ems.
    case sizedDelimiter(Unicode.Scalar, height: Double, MathClass)
    /// A big operator (∑) or a named one (`\lim`, `\max`: `name` set), with where its limits go.
    case largeOperator(Unicode.Scalar?, name: String?, limits: LimitPlacement)
    /// A function name set upright (`\sin`, `\log`), followed by a thin space where TeX puts one.
    case function(String)
    case accent(base: MathNode, mark: Unicode.Scalar, stretches: Bool)
    case overline(MathNode)
    case underline(MathNode)
    case table(rows: [[MathNode]], format: TableFormat, open: Unicode.Scalar?, close: Unicode.Scalar?)
    /// `\text{…}`: words, in the text font, not math.
    case text(String, bold: Bool)
    /// Horizontal space, in ems (negative: a kern back).
    case space(Double)
    /// Space that is one size in display style and another elsewhere (`\pmod`'s), in ems.
    case styleSpace(display: Double, other: Double)
    /// `\displaystyle`, `\textstyle` and the rest, for what follows in its group.
    case styled(MathStyle, MathNode)
    /// A `\middle` delimiter: as tall as the `\left…\right` it stands in.
    case middle(Unicode.Scalar)
    /// A row spaced as one atom of a class (`\ldots` is `\mathinner{...}`).
    case classed(MathClass, MathNode)
}
