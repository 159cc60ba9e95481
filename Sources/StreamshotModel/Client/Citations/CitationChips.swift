/// The text the parser reads with citation chips in it: each chip is one mark
/// (`CitationMarks`) at its place in the answer, standing in for its marker (`[3]`) if it has
/// one. Offsets of the two texts are mapped both ways.
struct CitationChips {
    /// In text order.
    var marks: [PlacedCitation] = []

    /// `revealed` with the marks of chips inside it (the text as it came when there are none).
    /// A chip whose text the reveal is still passing through (a provider's own link) holds the
    /// reveal at its start: its words never show before it.
    func marked(_ revealed: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        guard !marks.isEmpty else { return revealed }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(revealed.count + marks.count)
        var cursor = revealed.startIndex
        for mark in marks where mark.position >= cursor && mark.position <= revealed.endIndex {
            out += revealed[cursor..<mark.position]
            guard mark.position + mark.replacing <= revealed.endIndex else { return out[...] }
            out.append(CitationMarks.mark(mark.number))
            cursor = mark.position + mark.replacing
        }
        out += revealed[cursor...]
        return out[...]
    }

    /// Where `offset` of the answer falls in the marked text (at a chip standing at `offset`, that
    /// chip's own place; inside the text a chip replaces, just after the chip).
    func parsedOffset(_ offset: Int) -> Int {
        marks.reduce(offset) { moved, mark in mark.position < offset ? moved + 1 - min(mark.replacing, offset - mark.position) : moved }
    }

    /// Where `parsedOffset` of the marked text falls in the answer (a mark counts as its marker's start).
    func answerOffset(_ parsedOffset: Int) -> Int {
        var shift = 0
        for mark in marks {
            let markAt = mark.position + shift
            guard markAt < parsedOffset else { break }
            if parsedOffset == markAt + 1 { return mark.position + mark.replacing }
            shift += 1 - mark.replacing
        }
        return parsedOffset - shift
    }
}
