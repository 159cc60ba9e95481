/// Where text may be cut without splitting a word: the one home of the rule the display buffer
/// follows and the reveal-cadence detector checks.
public enum WordBoundary {
    /// Whether a cut between `before` and `after` splits a word (the detector's question).
    /// Whitespace on either side separates words; scripts written without spaces may be cut
    /// between graphemes, never before a combining mark.
    public static func splitsWord(before: Unicode.Scalar, after: Unicode.Scalar) -> Bool {
        if isSpace(before) || isSpace(after) { return false }
        if isSpaceless(before) && !isMark(after) { return false }
        return !isHyphenBreak(before: before, after: after)
    }

    /// Whether the display buffer may cut between `before` and `after` (`after` nil at the end
    /// of what has arrived): after a word's trailing whitespace, or between graphemes of a
    /// script written without spaces. Stricter than `splitsWord`: a cut never leaves a word's
    /// trailing space for the next reveal.
    static func isCut(before: Unicode.Scalar, after: Unicode.Scalar?) -> Bool {
        if isSpace(before) {
            guard let after else { return true }
            return !isSpace(after)
        }
        if isSpaceless(before), let after { return !isMark(after) }
        if let after { return isHyphenBreak(before: before, after: after) }
        return false
    }

    /// After the hyphen of a compound ("termination-|for-|convenience"), where lines break too
    /// (UAX #14 HY and BA): a long compound is revealed part by part, never all at once.
    static func isHyphenBreak(before: Unicode.Scalar, after: Unicode.Scalar) -> Bool {
        (before == "-" || before == "\u{2010}") && after.properties.isAlphabetic
    }

    public static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar.properties.isWhitespace
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D  // zero-width joiner binds graphemes too
        }
    }

    /// Scripts written without spaces between words: each grapheme may be shown on its own.
    package static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF,  // Thai, Lao, Myanmar, Khmer
            0x3000...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK
            0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
