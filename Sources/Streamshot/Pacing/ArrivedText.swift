/// The text that has arrived from the network so far, as Unicode scalars (the unit every
/// count in Streamshot uses), with the places where it may be cut for display.
///
/// A cut ("boundary") never splits a word: it falls after a word's trailing whitespace,
/// between graphemes of scripts written without spaces, or, inside a fenced code block, only
/// at line ends.
public struct ArrivedText: Sendable {
    public private(set) var scalars: [Unicode.Scalar] = []
    /// No more text will come.
    public var ended = false
    private var fences = CodeFenceTracker()

    public init() {}

    public var count: Int { scalars.count }

    public mutating func append(_ text: String) {
        scalars.append(contentsOf: text.unicodeScalars)
        fences.scan(scalars)
    }

    /// Replaces everything (a snapshot that rewrote earlier text).
    public mutating func replace(with text: String) {
        scalars = Array(text.unicodeScalars)
        fences = CodeFenceTracker()
        fences.scan(scalars)
    }

    /// Whether the text may be cut at `position` (0...count) without splitting a word or code line.
    public func isBoundary(_ position: Int) -> Bool {
        if position == 0 { return true }
        if position == count && ended { return true }
        let last = scalars[position - 1]
        if fences.isInsideCode(position - 1) {
            return last == "\n"
        }
        if Self.isSpace(last) {
            return position == count || !Self.isSpace(scalars[position])
        }
        if Self.isSpaceless(last), position < count {
            return !Self.isMark(scalars[position])
        }
        return false
    }

    /// The first boundary after `position`, if one has arrived.
    public func nextBoundary(after position: Int) -> Int? {
        var candidate = position + 1
        while candidate <= count {
            if isBoundary(candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    /// The last boundary at or before `limit`, not before `floor`.
    public func lastBoundary(atOrBefore limit: Int, notBefore floor: Int) -> Int {
        var candidate = min(limit, count)
        while candidate > floor {
            if isBoundary(candidate) { return candidate }
            candidate -= 1
        }
        return floor
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar.properties.isWhitespace
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D // zero-width joiner binds graphemes too
        }
    }

    /// Scripts written without spaces between words: each grapheme may be shown on its own.
    static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, // Thai, Lao, Myanmar, Khmer
             0x3000...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, // CJK
             0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}

/// Finds fenced code blocks (``` or ~~~) in arrived text, line by line, incrementally.
struct CodeFenceTracker: Sendable {
    /// Start offsets of code regions, and their ends (exclusive) once closed.
    private var regions: [(start: Int, end: Int?)] = []
    private var open: (marker: Unicode.Scalar, length: Int)?
    private var scannedUpTo = 0

    mutating func scan(_ scalars: [Unicode.Scalar]) {
        var lineStart = scannedUpTo
        var index = scannedUpTo
        while index < scalars.count {
            if scalars[index] == "\n" {
                classifyLine(scalars[lineStart..<index], start: lineStart, end: index + 1)
                lineStart = index + 1
            }
            index += 1
        }
        scannedUpTo = lineStart
    }

    func isInsideCode(_ position: Int) -> Bool {
        // Regions are few and ordered; the newest is the usual answer, so search from the end.
        for region in regions.reversed() {
            if position >= region.start { return region.end.map { position < $0 } ?? true }
        }
        return false
    }

    private mutating func classifyLine(_ line: ArraySlice<Unicode.Scalar>, start: Int, end: Int) {
        guard let fence = Self.fence(in: line) else { return }
        if let current = open {
            if fence.marker == current.marker, fence.length >= current.length, fence.isBare {
                regions[regions.count - 1].end = end
                open = nil
            }
        } else {
            regions.append((start, nil))
            open = (fence.marker, fence.length)
        }
    }

    /// A fence line: up to three spaces, then three or more backticks or tildes.
    static func fence(in line: ArraySlice<Unicode.Scalar>) -> (marker: Unicode.Scalar, length: Int, isBare: Bool)? {
        let body = line.drop { $0 == " " }
        guard line.count - body.count <= 3, let marker = body.first, marker == "`" || marker == "~" else { return nil }
        let run = body.prefix { $0 == marker }.count
        guard run >= 3 else { return nil }
        let rest = body.dropFirst(run)
        if marker == "`" && rest.contains("`") { return nil }
        return (marker, run, rest.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" })
    }
}
