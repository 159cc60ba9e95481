/// A block's line pitch as decided: a factor, and what it multiplies. Layout turns it into
/// pixels for the block's font and never changes it.
public struct LinePitch: Equatable, Sendable {
    /// The multiple of the font's size (or, `.fontRelative`, of its height).
    public var factor: Double
    public var mode: LinePitchMode
    /// Whether this is the pitch for Arabic-script text.
    public var isArabic: Bool

    public init(factor: Double, mode: LinePitchMode, isArabic: Bool) {
        self.factor = factor
        self.mode = mode
        self.isArabic = isArabic
    }
}

/// A client's line-pitch rule (shared/seeds/000: at least 1.8 for Arabic).
public struct PitchPolicy: Sendable {
    /// Line pitch of blocks without Arabic-script letters, as a multiple of the font size.
    public var lineHeight: Double
    /// Line pitch of blocks with Arabic-script letters.
    public var arabicLineHeight: Double
    public var mode: LinePitchMode

    public init(lineHeight: Double = 1.45, arabicLineHeight: Double = 1.8, mode: LinePitchMode = .enforced) {
        self.lineHeight = lineHeight
        self.arabicLineHeight = arabicLineHeight
        self.mode = mode
    }

    /// The pitch for a block with (or without) Arabic-script letters.
    public func pitch(arabic: Bool) -> LinePitch {
        LinePitch(factor: arabic ? arabicLineHeight : lineHeight, mode: mode, isArabic: arabic)
    }

    /// Whether a block's pitch is Arabic, read ahead into arrived text from its first character to
    /// the end of its paragraph (a blank line), so the pitch is right from the first line and
    /// never changes (a baseline once shown never moves). A block with no letter yet (digits,
    /// punctuation) takes the response's: `arabicResponse`.
    package func isArabic(_ scalars: [Unicode.Scalar], from start: Int, arabicResponse: Bool) -> Bool {
        var index = start
        var previousNewline = false
        var sawLetter = false
        // Bounded: a block's first 2,000 characters decide.
        while index < scalars.count, index < start + 2000 {
            let scalar = scalars[index]
            if scalar == "\n" {
                // A blank line ends the paragraph; so does the next list item's marker (an English
                // item of an Arabic list takes the English pitch, not its neighbours').
                if previousNewline || Self.startsListItem(scalars, at: index + 1) { break }
                previousNewline = true
            } else {
                previousNewline = false
                if ScriptClass.isArabicLetter(scalar) { return true }
                if ScriptClass.strongDirection(scalar) != nil { sawLetter = true }
            }
            index += 1
        }
        return !sawLetter && arabicResponse
    }

    /// Whether a list item's marker (`- `, `* `, `+ `, `1. `, `1) `) starts the line at `index`,
    /// after its indent and quote markers.
    static func startsListItem(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start
        while index < scalars.count, scalars[index] == " " || scalars[index] == ">" { index += 1 }
        guard index < scalars.count else { return false }
        if ["-", "*", "+"].contains(scalars[index]) { return index + 1 < scalars.count && scalars[index + 1] == " " }
        var digits = index
        while digits < scalars.count, ("0"..."9").contains(scalars[digits]), digits - index < 9 { digits += 1 }
        return digits > index && digits + 1 < scalars.count && [".", ")"].contains(scalars[digits]) && scalars[digits + 1] == " "
    }
}
