/// The fenced code blocks of an answer, as character ranges of its text: where code is revealed
/// a line at a time on purpose. CommonMark's rule, written here rather than taken from the
/// client's parser (the judge must not agree with a wrong rule): a fence is up to three spaces,
/// then three or more backticks or tildes (a backtick fence's info has no backtick); it is closed
/// by a bare run of the same character at least as long, or by the end of the text.
struct FencedCode {
    /// Start offsets of code regions (the opening fence's line), and their ends (exclusive).
    private var regions: [Range<Int>] = []

    init(_ text: [Unicode.Scalar]) {
        var open: (marker: Unicode.Scalar, length: Int, start: Int)?
        var lineStart = 0
        for index in 0...text.count where index == text.count || text[index] == "\n" {
            let line = text[lineStart..<index]
            if let fence = Self.fence(line) {
                if let opening = open {
                    if fence.bare, fence.marker == opening.marker, fence.length >= opening.length {
                        regions.append(opening.start..<min(index + 1, text.count))
                        open = nil
                    }
                } else {
                    open = (fence.marker, fence.length, lineStart)
                }
            }
            lineStart = index + 1
        }
        if let opening = open { regions.append(opening.start..<Int.max) }
    }

    func contains(_ position: Int) -> Bool {
        regions.contains { $0.contains(position) }
    }

    private static func fence(_ line: ArraySlice<Unicode.Scalar>) -> (marker: Unicode.Scalar, length: Int, bare: Bool)? {
        let body = line.drop { $0 == " " }
        guard line.count - body.count <= 3, let marker = body.first, marker == "`" || marker == "~" else { return nil }
        let length = body.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let rest = body.dropFirst(length)
        if marker == "`", rest.contains("`") { return nil }
        return (marker, length, rest.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" })
    }
}
