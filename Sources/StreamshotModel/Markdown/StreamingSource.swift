/// What of the revealed open tail cmark-gfm parses on a frame: lines whose block kind is not
/// decided yet are held back, and the streaming paragraph's unclosed inline constructs are
/// completed. Held-back text is shown on a later frame, once what follows decides it.
package enum StreamingSource {
    /// - Parameters:
    ///   - tail: the revealed text from the start of the open top-level block.
    ///   - ended: no more text will come: everything is parsed as it is.
    ///   - readsMath: formulas are typeset: one still open is held back.
    ///   - holdsImages: an image still being written is held back (the client has pictures).
    package static func markdown(
        _ tail: ArraySlice<Unicode.Scalar>, ended: Bool, readsMath: Bool = true, holdsImages: Bool = false
    ) -> String {
        guard !ended else { return string(tail) }
        var end = decidedEnd(tail)
        var closers = ""
        let openFence = self.openFence(tail[..<end])
        if readsMath, let openFence, openFence.fence.info.split(separator: " ").first?.lowercased() == "math" {
            // A formula fence shows once it closes: never as TeX, never half a formula.
            end = openFence.lineStart
        } else if openFence == nil {
            let paragraph = tail[paragraphStart(tail[..<end])..<end]
            let completion = InlineCompletion.completion(of: paragraph, readsMath: readsMath, holdsImages: holdsImages)
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

    /// The line under the revealed text's last line when it has arrived whole and is a setext
    /// underline (`===` or `---`, after its quote and list markers): the paragraph above it is
    /// then a heading from its first word. The parser confirms it (it may be a rule after all).
    static func setextUnderline(after tail: ArraySlice<Unicode.Scalar>, lookahead: ArraySlice<Unicode.Scalar>) -> String? {
        guard !tail.isEmpty, decidedEnd(tail) == tail.endIndex else { return nil }
        // The revealed text ends inside a line (the underline is the line after it) or at a line's end.
        var next = lookahead
        if tail.last != "\n" {
            guard let lineEnd = lookahead.firstIndex(of: "\n") else { return nil }
            next = lookahead[(lineEnd + 1)...]
        }
        guard let underlineEnd = next.firstIndex(of: "\n") else { return nil }
        let line = next[..<underlineEnd]
        let body = ContainerPrefix.strip(line).reversed().drop { $0 == " " || $0 == "\t" }
        guard let mark = body.first, mark == "=" || mark == "-", body.allSatisfy({ $0 == mark }) else { return nil }
        return string(line)
    }

    /// The end of what is decided: without an undecided last line, and without a complete
    /// line with a pipe at the end (a table's header, until the line below says whether a
    /// delimiter row follows).
    static func decidedEnd(_ tail: ArraySlice<Unicode.Scalar>) -> Int {
        let lastLineStart = (tail.lastIndex(of: "\n").map { $0 + 1 }) ?? tail.startIndex
        var end = tail.endIndex
        if lastLineStart < end, PendingLine.isUndecided(tail[lastLineStart..<end]) {
            end = lastLineStart
        }
        guard end == lastLineStart, end > tail.startIndex else { return end }
        return headerCandidate(before: end, in: tail) ?? end
    }

    /// The start of the complete line ending at `end` when it has a pipe and no delimiter row is
    /// above it in its run of pipe lines: it may still become a table's header.
    private static func headerCandidate(before end: Int, in tail: ArraySlice<Unicode.Scalar>) -> Int? {
        var lineEnd = end - 1
        var candidate: Int?
        while lineEnd >= tail.startIndex {
            let lineStart = (tail[..<lineEnd].lastIndex(of: "\n").map { $0 + 1 }) ?? tail.startIndex
            let body = ContainerPrefix.strip(tail[lineStart..<lineEnd])
            guard body.contains("|") else { break }
            if isDelimiterRow(body) {
                return nil  // inside a table: its rows show once complete
            }
            if candidate == nil { candidate = lineStart }
            guard lineStart > tail.startIndex else { break }
            lineEnd = lineStart - 1
        }
        return candidate
    }

    /// Where the paragraph at the end starts: after the last line that is blank once its quote
    /// and list markers are set aside, or that is a heading or a fence (a block of its own).
    private static func paragraphStart(_ text: ArraySlice<Unicode.Scalar>) -> Int {
        var lineEnd = text.endIndex
        while lineEnd > text.startIndex {
            let lineStart = (text[..<(lineEnd - 1)].lastIndex(of: "\n").map { $0 + 1 }) ?? text.startIndex
            let body = ContainerPrefix.strip(text[lineStart..<max(lineStart, lineEnd - 1)])
            let isLast = lineEnd == text.endIndex
            if !isLast, body.allSatisfy(WordBoundary.isSpace) || body.first == "#" || FenceLine.parse(body) != nil {
                return lineEnd
            }
            lineEnd = lineStart
        }
        return text.startIndex
    }

    /// The fenced code block `text` ends inside, if any (fences inside quotes and list items
    /// included), and where its opening line starts.
    private static func openFence(_ text: ArraySlice<Unicode.Scalar>) -> (fence: FenceLine, lineStart: Int)? {
        var open: (fence: FenceLine, lineStart: Int)?
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = ContainerPrefix.strip(text[lineStart..<lineEnd])
            if let fence = FenceLine.parse(line) {
                if let opening = open {
                    if fence.closes(opening.fence) { open = nil }
                } else {
                    open = (fence, lineStart)
                }
            }
            lineStart = lineEnd + 1
        }
        return open
    }

    package static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
