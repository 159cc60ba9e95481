/// What of the revealed open tail cmark-gfm parses on a frame: lines whose block kind is not
/// decided yet are held back, and the streaming paragraph's unclosed inline constructs are
/// completed. Held-back text is shown on a later frame, once what follows decides it.
enum StreamingSource {
    /// - Parameters:
    ///   - tail: the revealed text from the start of the open top-level block.
    ///   - ended: no more text will come: everything is parsed as it is.
    static func markdown(_ tail: ArraySlice<Unicode.Scalar>, ended: Bool) -> String {
        guard !ended else { return string(tail) }
        var end = decidedEnd(tail)
        var closers = ""
        if !insideOpenFence(tail[..<end]) {
            let paragraph = tail[paragraphStart(tail[..<end])..<end]
            let completion = InlineCompletion.completion(of: paragraph)
            end -= completion.holdBack
            if !completion.closers.isEmpty {
                // A closer after a space would not close, and one on a line of its own could start
                // a rule: it goes right after the last visible character.
                while end > tail.startIndex, WordBoundary.isSpace(tail[end - 1]) { end -= 1 }
                closers = completion.closers
            }
        }
        return string(tail[..<end]) + closers
    }

    /// The end of what is decided: without an undecided last line, and without a complete
    /// line that may still be a table's header (until the delimiter row below it arrives).
    static func decidedEnd(_ tail: ArraySlice<Unicode.Scalar>) -> Int {
        let lastLineStart = (tail.lastIndex(of: "\n").map { $0 + 1 }) ?? tail.startIndex
        let startsParagraph = isParagraphStart(tail, lineStart: lastLineStart)
        var end = tail.endIndex
        if lastLineStart < end, PendingLine.isUndecided(tail[lastLineStart..<end], startsParagraph: startsParagraph) {
            end = lastLineStart
        }
        guard end == lastLineStart, end > tail.startIndex else { return end }
        let headerStart = (tail[..<(end - 1)].lastIndex(of: "\n").map { $0 + 1 }) ?? tail.startIndex
        let header = ContainerPrefix.strip(tail[headerStart..<(end - 1)])
        if header.contains("|"), isParagraphStart(tail, lineStart: headerStart) { return headerStart }
        return end
    }

    /// Whether the line at `lineStart` begins a block: the first line, or one after a blank line.
    private static func isParagraphStart(_ tail: ArraySlice<Unicode.Scalar>, lineStart: Int) -> Bool {
        guard lineStart > tail.startIndex else { return true }
        let previousStart = (tail[..<(lineStart - 1)].lastIndex(of: "\n").map { $0 + 1 }) ?? tail.startIndex
        return ContainerPrefix.strip(tail[previousStart..<(lineStart - 1)]).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// Where the paragraph at the end starts: after the last blank line.
    private static func paragraphStart(_ text: ArraySlice<Unicode.Scalar>) -> Int {
        var index = text.endIndex - 1
        while index > text.startIndex {
            if text[index] == "\n", text[index - 1] == "\n" { return index + 1 }
            index -= 1
        }
        return text.startIndex
    }

    /// Whether `text` ends inside a fenced code block, fences inside quotes and list items included.
    private static func insideOpenFence(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var open: FenceLine?
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = ContainerPrefix.strip(text[lineStart..<lineEnd])
            if let fence = FenceLine.parse(line) {
                if let opening = open {
                    if fence.closes(opening) { open = nil }
                } else {
                    open = fence
                }
            }
            lineStart = lineEnd + 1
        }
        return open != nil
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
