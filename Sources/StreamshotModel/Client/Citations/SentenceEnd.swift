/// Where the sentence a citation's words end in is over: the place its chip goes, so that a
/// chip is added at the end of what was shown and never pushes shown words aside mid-sentence.
enum SentenceEnd {
    static let terminators: Set<Unicode.Scalar> = [".", "!", "?", "؟", "۔", "。", "！", "？", "…", "؛"]
    /// What may follow a terminator and still belong to its sentence: closing quotes and
    /// brackets, and Markdown's emphasis marks.
    static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "»", "”", "’", "›", "*", "_", "~"]

    /// What was found for words ending at a position.
    enum Place: Equatable {
        /// The chip goes here (a position in the answer's scalars).
        case at(Int)
        /// The sentence has not ended in what has arrived.
        case notYet
        /// Inside fenced code: no chip is drawn there.
        case never
    }

    /// The end of the sentence that the words ending at `position` belong to: just after its
    /// terminator (and the closers after it), or the end of its line; a table row's chip goes
    /// inside its last cell.
    static func after(_ position: Int, in text: ArrivedText) -> Place {
        let scalars = text.scalars
        let start = min(position, scalars.count)
        if start > 0, text.isInsideCode(start - 1) { return .never }
        if let ended = endedJustBefore(start, scalars) { return .at(ended) }
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" { return .at(lineEnd(index, scalars)) }
            if terminators.contains(scalar) {
                let end = pastClosers(index + 1, scalars)
                if end == scalars.count { return text.ended ? .at(end) : .notYet }
                if scalars[end].properties.isWhitespace { return .at(end) }
                index = end
                continue
            }
            index += 1
        }
        return text.ended ? .at(lineEnd(trimmedEnd(scalars), scalars)) : .notYet
    }

    /// The end of the line `position` is on (a paragraph's, or a list item's, in an answer):
    /// where a citation that came after its sentence was shown goes, after the words shown.
    static func lineEnd(after position: Int, in text: ArrivedText) -> Place {
        let scalars = text.scalars
        if let newline = scalars[min(position, scalars.count)...].firstIndex(of: "\n") { return .at(lineEnd(newline, scalars)) }
        return text.ended ? .at(lineEnd(trimmedEnd(scalars), scalars)) : .notYet
    }

    /// Words that end with their sentence (`…law.` or `…law." `): the place after its terminator and closers.
    private static func endedJustBefore(_ position: Int, _ scalars: [Unicode.Scalar]) -> Int? {
        var back = position
        while back > 0, scalars[back - 1] == " " { back -= 1 }
        let beforeClosers = back
        while back > 0, closers.contains(scalars[back - 1]) { back -= 1 }
        guard back > 0, terminators.contains(scalars[back - 1]) else { return nil }
        return pastClosers(back, scalars) >= beforeClosers ? pastClosers(back, scalars) : beforeClosers
    }

    private static func pastClosers(_ index: Int, _ scalars: [Unicode.Scalar]) -> Int {
        var end = index
        while end < scalars.count, closers.contains(scalars[end]) { end += 1 }
        return end
    }

    private static func trimmedEnd(_ scalars: [Unicode.Scalar]) -> Int {
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        return end
    }

    /// The end of a line (at `end`): before a table row's closing pipe, so the chip stays in its
    /// last cell (after the pipe it would be a cell of its own, which GitHub drops).
    private static func lineEnd(_ end: Int, _ scalars: [Unicode.Scalar]) -> Int {
        var lineStart = end
        while lineStart > 0, scalars[lineStart - 1] != "\n" { lineStart -= 1 }
        let line = scalars[lineStart..<end]
        guard line.first(where: { $0 != " " }) == "|" else { return end }
        var close = end
        while close > lineStart, scalars[close - 1] == " " { close -= 1 }
        guard close > lineStart, scalars[close - 1] == "|" else { return end }
        close -= 1
        while close > lineStart, scalars[close - 1] == " " { close -= 1 }
        return close
    }
}
