import StreamshotManifest
import StreamshotStyle

/// The strong letters of a text by direction, by the judge's own reading of Unicode's Bidi_Class
/// (UAX #9), not the renderer's script rules: a letter (general category L*) is strong
/// right-to-left (Bidi_Class R or AL) when it lies in the blocks DerivedBidiClass.txt gives those
/// classes by default — Hebrew through Arabic Extended-A (U+0590-08FF), the Hebrew and Arabic
/// presentation forms (U+FB1D-FDFF, U+FE70-FEFF) and the supplementary RTL areas (U+10800-10FFF,
/// U+1E800-1EFFF) — and strong left-to-right (L) anywhere else. Digits, punctuation and marks
/// are not strong letters.
struct StrongLetters: Equatable {
    /// The direction of the first strong letter (nil: none).
    private(set) var first: WritingDirection?
    private(set) var leftToRight = 0
    private(set) var rightToLeft = 0
    /// Words (runs between white space) by the direction of their first strong letter: a reader
    /// weighs words, and an English word spells out the vowels an Arabic one leaves unwritten, so
    /// letters alone overweigh it («exclusion مطلق» is 9 of 13 letters, 1 of 2 words).
    private(set) var leftToRightWords = 0
    private(set) var rightToLeftWords = 0

    init<Scalars: Sequence>(_ scalars: Scalars) where Scalars.Element == Unicode.Scalar {
        var wordCounted = false
        for scalar in scalars {
            if scalar.properties.isWhitespace { wordCounted = false }
            guard let direction = Self.direction(of: scalar) else { continue }
            if first == nil { first = direction }
            if direction == .rtl { rightToLeft += 1 } else { leftToRight += 1 }
            if !wordCounted {
                wordCounted = true
                if direction == .rtl { rightToLeftWords += 1 } else { leftToRightWords += 1 }
            }
        }
    }

    init(_ text: String) { self.init(text.unicodeScalars) }

    var count: Int { leftToRight + rightToLeft }

    /// The direction more than half the strong letters have (nil: none, or a tie).
    var majority: WritingDirection? {
        leftToRight > rightToLeft ? .ltr : rightToLeft > leftToRight ? .rtl : nil
    }

    /// The direction more than half the words start in (nil: a tie, or no word has a strong letter).
    var wordMajority: WritingDirection? {
        leftToRightWords > rightToLeftWords ? .ltr : rightToLeftWords > leftToRightWords ? .rtl : nil
    }

    /// The direction a reader would read the text in: its first strong letter's, when most of its
    /// strong letters agree (nil when they do not, or it has none).
    var reading: WritingDirection? { first != nil && first == majority ? first : nil }

    /// The share of strong letters that read in `direction`.
    func share(_ direction: WritingDirection) -> Double {
        count == 0 ? 0 : Double(direction == .rtl ? rightToLeft : leftToRight) / Double(count)
    }

    /// A scalar's strong direction, or nil when it is not a strong letter.
    static func direction(of scalar: Unicode.Scalar) -> WritingDirection? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
        default: return nil
        }
        return isRightToLeftArea(scalar.value) ? .rtl : .ltr
    }

    private static func isRightToLeftArea(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}

extension WritingDirection {
    /// The side a line in this direction starts at, where its list marker and quote bar stand.
    var startSide: LineAlignment { self == .rtl ? .right : .left }
}
