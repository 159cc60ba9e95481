/// Where a content piece's laid-out text comes from in its block's `text` (the manifest's), so
/// each line can say which characters it shows. The text Pango lays out differs from the block's:
/// code and addresses are wrapped in isolation marks (`BidiIsolation`), which the block's text
/// does not have; revealed bidi controls keep their byte count (`BidiControls.revealed`).
struct PieceSource: Equatable {
    /// Unicode scalars of the block's text before this piece's (a table cell's: the cells before
    /// it and their tab separators).
    var base: Int
    /// The piece's text as the block's text has it.
    var text: String
    /// Byte offsets in the laid-out text where a mark the block's text lacks was inserted (each
    /// `markBytes` long), ascending.
    var addedMarks: [Int] = []

    static let markBytes = 3

    /// The byte in `text` that laid-out byte `byte` comes from (a byte inside an added mark: the
    /// text byte the mark stands before).
    func textByte(ofLayoutByte byte: Int) -> Int {
        var removed = 0
        for mark in addedMarks where mark < byte {
            removed += min(Self.markBytes, byte - mark)
        }
        return byte - removed
    }

    /// Each laid-out byte range as a range of Unicode scalars of the block's text, in one pass
    /// over the text (`ranges` are lines, in order, so their starts ascend).
    func scalarRanges(ofLayoutBytes ranges: [Range<Int>]) -> [Range<Int>] {
        let utf8 = Array(text.utf8)
        // scalarsBefore[b]: the scalars that start before byte b.
        var scalarsBefore = [Int](repeating: 0, count: utf8.count + 1)
        var count = 0
        for (index, byte) in utf8.enumerated() {
            if byte & 0xC0 != 0x80 { count += 1 }
            scalarsBefore[index + 1] = count
        }
        return ranges.map { range in
            let start = min(max(textByte(ofLayoutByte: range.lowerBound), 0), utf8.count)
            let end = min(max(textByte(ofLayoutByte: range.upperBound), start), utf8.count)
            return (base + scalarsBefore[start])..<(base + scalarsBefore[end])
        }
    }
}
