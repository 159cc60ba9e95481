/// How a line pitch is computed.
public enum LinePitchMode: String, Sendable, CaseIterable {
    /// Exactly the factor x the font size on every line (the rule).
    case enforced
    /// The factor x the font's height (ascent + descent), as Pango's line spacing does:
    /// reproduces the "1.8 is not 1.8" bug on purpose.
    case fontRelative = "font-relative"
}
