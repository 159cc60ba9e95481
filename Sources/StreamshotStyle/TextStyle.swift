/// Styled text as layout is given it: directions, inline styles, spans, alignments.

/// Inline styling applied to a byte range of a layout's text.
public struct SpanStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let bold = SpanStyle(rawValue: 1 << 0)
    public static let italic = SpanStyle(rawValue: 1 << 1)
    public static let monospace = SpanStyle(rawValue: 1 << 2)
    public static let strikethrough = SpanStyle(rawValue: 1 << 3)
    /// Links.
    public static let underline = SpanStyle(rawValue: 1 << 4)
    /// A placeholder box behind the text (an image's alt text).
    public static let boxed = SpanStyle(rawValue: 1 << 5)
    /// A link whose text is its address (an autolink, a bare URL): it reads left to right as one
    /// unit in any paragraph, so layout sets it, like inline code, as an LTR isolate.
    public static let url = SpanStyle(rawValue: 1 << 6)
    /// An invisible control shown as its abbreviation ("RLO"): small, in a box, isolated.
    public static let revealedControl = SpanStyle(rawValue: 1 << 7)
    /// Raised and smaller (`<sup>`: a footnote number, an exponent).
    public static let superscript = SpanStyle(rawValue: 1 << 8)
    /// Lowered and smaller (`<sub>`).
    public static let `subscript` = SpanStyle(rawValue: 1 << 9)
    /// A highlighter's band behind the text (`<mark>`).
    public static let highlight = SpanStyle(rawValue: 1 << 10)
    /// Underlined in the text's own colour (`<ins>`): not a link.
    public static let inserted = SpanStyle(rawValue: 1 << 11)
    /// In the palette's accent colour (a GitHub alert's title, in the alert's colour).
    public static let accent = SpanStyle(rawValue: 1 << 12)
    /// A formula, typeset: its one object character (U+FFFC) is replaced by the formula's box,
    /// set as a left-to-right isolate in any paragraph.
    public static let math = SpanStyle(rawValue: 1 << 13)
    /// Set as one left-to-right isolate (an inline formula's pieces and the spaces it may break at).
    public static let leftToRight = SpanStyle(rawValue: 1 << 14)
    /// A citation's chip: its number or its source's domain, small, on a rounded chip, set as a
    /// left-to-right isolate after the words it cites.
    public static let citation = SpanStyle(rawValue: 1 << 15)
}

/// The colours inline styles are drawn with (the theme's).
public struct SpanPalette: Equatable, Sendable {
    /// Link text.
    public var link: Color?
    /// The chip behind inline code (its alpha is its opacity).
    public var chip: Color?
    /// Accented text: an alert's title, in its alert's colour.
    public var accent: Color?
    /// A citation chip's label, muted (its chip is the code chip's colour).
    public var citation: Color?

    public init(link: Color? = nil, chip: Color? = nil, accent: Color? = nil, citation: Color? = nil) {
        self.link = link
        self.chip = chip
        self.accent = accent
        self.citation = citation
    }
}

/// A styled range of a layout's text, in UTF-8 byte offsets (Pango's unit).
public struct TextSpan: Equatable, Hashable, Sendable {
    public var bytes: Range<Int>
    public var style: SpanStyle
    /// A colour of its own (a code token's); nil: the text's.
    public var color: Color?

    public init(bytes: Range<Int>, style: SpanStyle, color: Color? = nil) {
        self.bytes = bytes
        self.style = style
        self.color = color
    }
}
