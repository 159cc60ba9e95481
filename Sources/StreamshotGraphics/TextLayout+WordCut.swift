import CPangoCairo

/// Where a line that runs past its box (code scrolling sideways) may be cut. A browser cuts at
/// the box's edge wherever it falls; cut there, a right-to-left word in a left-to-right code
/// line (an Arabic comment) loses its first letters at the right edge — «احسب» reads «حسب» — as
/// a left-to-right word does at the left edge once the block is dragged. Such a word is hidden
/// whole instead; a word that loses only its last letters is cut as a browser cuts it.
extension TextLayout {
    /// The edge of a box a cut hides what lies past.
    public enum CutSide: Sendable {
        case left, right
    }

    /// Where to cut line `index` at layout x `x`, hiding what lies past it on `side`: at `x`,
    /// unless a word whose start would be hidden crosses it — then at that word's visible edge.
    public func cutKeepingWordStarts(line index: Int, at x: Double, hiding side: CutSide) -> Double {
        guard let line = pangoLine(at: index), index < lines.count else { return x }
        let box = lines[index]
        let scale = Double(PANGO_SCALE)
        var byte: Int32 = 0
        var trailing: Int32 = 0
        // Positions come from line extents, which can measure glyphs (`GlyphWork`).
        let found = GlyphWork.serially { pango_layout_line_x_to_index(line, Int32(((x - box.x) * scale).rounded()), &byte, &trailing) }
        guard found != 0,
            let word = Self.word(around: Int(byte), in: Array(text.utf8), within: box.startByte..<(box.startByte + box.byteCount))
        else { return x }
        func edge(_ byte: Int, trailing: Bool) -> Double {
            var position: Int32 = 0
            GlyphWork.serially { pango_layout_line_index_to_x(line, Int32(byte), trailing ? 1 : 0, &position) }
            return box.x + Double(position) / scale
        }
        let leftToRight = edge(word.lowerBound, trailing: true) > edge(word.lowerBound, trailing: false)
        // Its start lies where the line is hidden: the far side of the box from where it reads.
        guard leftToRight == (side == .left) else { return x }
        let extent = [edge(word.lowerBound, trailing: false), edge(word.lastCharacter, trailing: true)]
        return side == .right ? min(x, extent.min()!) : max(x, extent.max()!)
    }

    /// The bytes of the word (a run between spaces or tabs) that holds `byte`, inside `line`;
    /// nil on a space.
    private static func word(around byte: Int, in utf8: [UInt8], within line: Range<Int>) -> WordBytes? {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A }
        guard line.contains(byte), byte < utf8.count, !isSpace(utf8[byte]) else { return nil }
        var start = byte
        while start > line.lowerBound, !isSpace(utf8[start - 1]) { start -= 1 }
        var end = byte
        while end < min(line.upperBound, utf8.count), !isSpace(utf8[end]) { end += 1 }
        var last = end - 1
        while last > start, utf8[last] & 0xC0 == 0x80 { last -= 1 }  // back to its character's first byte
        return WordBytes(lowerBound: start, lastCharacter: last)
    }

    private struct WordBytes {
        let lowerBound: Int
        /// The first byte of its last character.
        let lastCharacter: Int
    }
}
