/// Character classes the direction and line-height rules need.
public enum ScriptClass {
    /// A letter of a right-to-left script: Arabic, Hebrew, Syriac, Thaana or N'Ko.
    /// Marks (harakat), digits and punctuation are not letters.
    public static func isRTLLetter(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) && inRanges(scalar.value, rtlScriptRanges)
    }

    /// A letter of the Arabic script (the ones that need the 1.8x line pitch).
    public static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) && inRanges(scalar.value, arabicRanges)
    }

    /// The strong bidi class of `scalar` (Unicode's Bidi_Class L, or R/AL), nil for weak and neutral.
    public static func strongDirection(_ scalar: Unicode.Scalar) -> WritingDirection? {
        if inFlatRanges(scalar.value, StrongBidiClassTable.rightToLeft) { return .rtl }
        if inFlatRanges(scalar.value, StrongBidiClassTable.leftToRight) { return .ltr }
        return nil
    }

    package static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    static let arabicRanges: [ClosedRange<UInt32>] = [
        0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x089F, 0x08A0...0x08FF,
        0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10E60...0x10E7F, 0x1EE00...0x1EEFF
    ]

    static let rtlScriptRanges: [ClosedRange<UInt32>] =
        arabicRanges + [
            0x0590...0x05FF, 0xFB1D...0xFB4F,  // Hebrew
            0x0700...0x074F, 0x0860...0x086F,  // Syriac
            0x0780...0x07BF,  // Thaana
            0x07C0...0x07FF  // N'Ko
        ]

    private static func inRanges(_ value: UInt32, _ ranges: [ClosedRange<UInt32>]) -> Bool {
        ranges.contains { $0.contains(value) }
    }

    /// Binary search in sorted flat [low, high, ...] pairs.
    private static func inFlatRanges(_ value: UInt32, _ flat: [UInt32]) -> Bool {
        var low = 0
        var high = flat.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < flat[2 * mid] {
                high = mid - 1
            } else if value > flat[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
