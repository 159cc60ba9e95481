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
    /// It ended without the stream's own end (an error, a 401, a timeout, a drop, a stop): what
    /// came is not the whole answer, so nothing shown is taken back for lack of what never came
    /// (a footnote number whose definition was still to come stays a number).
    public var cut = false
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
        return WordBoundary.isCut(before: last, after: position < count ? scalars[position] : nil)
    }

    /// Whether the scalar at `position` is inside a fenced code block.
    public func isInsideCode(_ position: Int) -> Bool { fences.isInsideCode(position) }

    /// Whether a buffer that drains characters may cut at `position`: anywhere but before a
    /// combining mark (a grapheme is never split), code only at line ends; at the end of what
    /// has arrived only once the stream has ended (the next scalar may be a mark).
    public func isCharacterCut(_ position: Int) -> Bool {
        if position == 0 { return true }
        if position == count { return ended }
        if fences.isInsideCode(position - 1) { return scalars[position - 1] == "\n" }
        return !WordBoundary.isMark(scalars[position])
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
}

/// Finds fenced code blocks (``` or ~~~) in arrived text, line by line, incrementally.
public struct CodeFenceTracker: Sendable {
    /// Start offsets of code regions, and their ends (exclusive) once closed.
    private var regions: [(start: Int, end: Int?)] = []
    private var open: FenceLine?
    private var scannedUpTo = 0

    public init() {}

    public mutating func scan(_ scalars: [Unicode.Scalar]) {
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

    public func isInsideCode(_ position: Int) -> Bool {
        // Regions are few and ordered; the newest is the usual answer, so search from the end.
        for region in regions.reversed() {
            if position >= region.start { return region.end.map { position < $0 } ?? true }
        }
        return false
    }

    private mutating func classifyLine(_ line: ArraySlice<Unicode.Scalar>, start: Int, end: Int) {
        guard let fence = FenceLine.parse(line) else { return }
        if let opening = open {
            if fence.closes(opening) {
                regions[regions.count - 1].end = end
                open = nil
            }
        } else {
            regions.append((start, nil))
            open = fence
        }
    }
}
