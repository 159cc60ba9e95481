/// Letters mapped to Unicode's Mathematical Alphanumeric Symbols, the code points a math font
/// draws its italic, bold, double-struck and script letters at.
enum MathAlphabet {
    static func map(_ scalar: Unicode.Scalar, _ variant: MathVariant) -> Unicode.Scalar {
        let value = scalar.value
        switch variant {
        case .upright: return scalar
        case .normal: return italic(value) ?? scalar
        case .bold: return offset(value, capitals: 0x1D400, small: 0x1D41A, digits: 0x1D7CE) ?? greek(value, capitals: 0x1D6A8) ?? scalar
        case .boldItalic:
            return offset(value, capitals: 0x1D468, small: 0x1D482, digits: 0x1D7CE) ?? greek(value, capitals: 0x1D71C) ?? scalar
        case .doubleStruck:
            if let special = doubleStruckExceptions[scalar] { return special }
            return offset(value, capitals: 0x1D538, small: 0x1D552, digits: 0x1D7D8) ?? scalar
        case .calligraphic:
            if let special = scriptExceptions[scalar] { return special }
            return offset(value, capitals: 0x1D49C, small: 0x1D4B6, digits: nil) ?? scalar
        }
    }

    /// Latin letters and lowercase Greek in math italic; digits and capital Greek stay upright.
    private static func italic(_ value: UInt32) -> Unicode.Scalar? {
        if value == 0x68 { return "\u{210E}" }  // ℎ: the italic h sits in Letterlike Symbols
        if let latin = offset(value, capitals: 0x1D434, small: 0x1D44E, digits: nil) { return latin }
        if (0x3B1...0x3C9).contains(value) { return Unicode.Scalar(0x1D6FC + value - 0x3B1) }
        let greekVariants: [UInt32: UInt32] = [0x3F5: 0x1D716, 0x3D1: 0x1D717, 0x3D5: 0x1D719, 0x3F1: 0x1D71A, 0x3D6: 0x1D71B]
        return greekVariants[value].flatMap(Unicode.Scalar.init)
    }

    /// A Greek letter in a math alphabet whose capital Alpha is at `capitals` (the small letters
    /// follow 26 code points later, as Unicode lays each Greek alphabet out).
    private static func greek(_ value: UInt32, capitals: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x391...0x3A9: return Unicode.Scalar(capitals + value - 0x391)
        case 0x3B1...0x3C9: return Unicode.Scalar(capitals + 26 + value - 0x3B1)
        default: return nil
        }
    }

    private static func offset(_ value: UInt32, capitals: UInt32, small: UInt32, digits: UInt32?) -> Unicode.Scalar? {
        switch value {
        case 0x41...0x5A: return Unicode.Scalar(capitals + value - 0x41)
        case 0x61...0x7A: return Unicode.Scalar(small + value - 0x61)
        case 0x30...0x39: return digits.flatMap { Unicode.Scalar($0 + value - 0x30) }
        default: return nil
        }
    }

    /// Letters Unicode encoded before the math block, left as holes in it.
    private static let doubleStruckExceptions: [Unicode.Scalar: Unicode.Scalar] = [
        "C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"
    ]
    private static let scriptExceptions: [Unicode.Scalar: Unicode.Scalar] = [
        "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ", "o": "ℴ"
    ]
}
