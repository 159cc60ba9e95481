/// The judge's own reading of UAX #29 word boundaries, from Unicode's character data (general
/// categories) and the standard's Word_Break classes for the few punctuation marks that join
/// words and numbers — never the renderer's `WordBoundary`. It answers one question: is there
/// no word boundary between two adjacent characters, so that a line break there splits a word
/// or a number? Covered: WB3c/WB4 (marks, ZWJ, ZWNJ and format characters stay with what they
/// follow), WB5-WB7 (letters, with MidLetter/MidNumLet between), WB8-WB12 (digits, with
/// MidNum/MidNumLet between: `25,000`, `٢٥٬٠٠٠`, `3.5`), WB13a-b (`_`), and WB999 between the
/// letters of scripts written without spaces (ideographs, kana, Thai, Lao, Myanmar, Khmer). Not
/// covered: Katakana runs (WB13), regional indicators, Hebrew quote rules (WB7a-c), which do not
/// change where our answers break.
enum WordBreaks {
    enum Class: Equatable {
        case letter, numeric, midLetter, midNum, midNumLet, extendNumLet, extend, other
    }

    static func wordClass(_ scalar: Unicode.Scalar) -> Class {
        switch scalar.value {
        // Word_Break MidNum, MidNumLet and MidLetter (WordBreakProperty.txt, Unicode 15).
        case 0x2C, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
            return .midNum
        case 0x2E, 0x27, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet
        case 0x3A, 0xB7, 0x387, 0x55F, 0x5F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A: return .midLetter
        case 0x66B: return .numeric  // ARABIC DECIMAL SEPARATOR is Numeric
        case 0x200C, 0x200D: return .extend
        default: break
        }
        // Scripts written without spaces (ideographs, kana, Thai, Lao, Myanmar, Khmer) are not
        // ALetter: UAX #29's default rules put a boundary between their letters.
        if isSpaceless(scalar) { return .other }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber: return .numeric
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return .extend
        case .connectorPunctuation: return .extendNumLet
        default: return .other
        }
    }

    private static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true
        default: return false
        }
    }

    /// Whether there is no word boundary between `scalars[offset - 1]` and `scalars[offset]`.
    static func isInsideWord(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        guard offset > 0, offset < scalars.count else { return false }
        let right = wordClass(scalars[offset])
        // WB4: a mark or joiner belongs to what it follows (unless that is a space or break).
        if right == .extend { return !scalars[offset - 1].properties.isWhitespace }
        // The characters either side, marks skipped.
        guard let leftIndex = skippingExtend(scalars, from: offset - 1, step: -1) else { return false }
        let left = wordClass(scalars[leftIndex])
        let before = skippingExtend(scalars, from: leftIndex - 1, step: -1).map { wordClass(scalars[$0]) }
        let after = skippingExtend(scalars, from: offset + 1, step: 1).map { wordClass(scalars[$0]) }
        let wordish: Set<Class> = [.letter, .numeric, .extendNumLet]
        switch (left, right) {
        case (let l, let r) where wordish.contains(l) && wordish.contains(r): return true  // WB5, WB8-10, WB13a-b
        case (.letter, .midLetter), (.letter, .midNumLet): return after == .letter  // WB6
        case (.midLetter, .letter), (.midNumLet, .letter): return before == .letter  // WB7
        case (.numeric, .midNum), (.numeric, .midNumLet): return after == .numeric  // WB12
        case (.midNum, .numeric), (.midNumLet, .numeric): return before == .numeric  // WB11
        default: return false
        }
    }

    /// The first index from `index` (going by `step`) that is not a mark or joiner, or nil.
    private static func skippingExtend(_ scalars: [Unicode.Scalar], from index: Int, step: Int) -> Int? {
        var index = index
        while index >= 0, index < scalars.count {
            if wordClass(scalars[index]) != .extend { return index }
            index += step
        }
        return nil
    }

    /// Where the word around the boundary at `offset` starts: back while no boundary.
    static func wordStart(_ scalars: [Unicode.Scalar], around offset: Int) -> Int {
        var start = offset
        while start > 0, isInsideWord(scalars, at: start) { start -= 1 }
        return start
    }

    /// Where it ends: forward while no boundary.
    static func wordEnd(_ scalars: [Unicode.Scalar], around offset: Int) -> Int {
        var end = offset
        while end < scalars.count, isInsideWord(scalars, at: end) || end == offset { end += 1 }
        return end
    }
}
