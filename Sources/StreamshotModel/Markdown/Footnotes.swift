import StreamshotStyle

/// GitHub's footnote labels in the order of their first reference: reference `[^law]` is
/// footnote 1 if no other label was referenced before it. A number depends only on the text
/// before its reference, so a finished block's numbers never change as the answer streams on.
struct FootnoteNumbers: Sendable, Equatable {
    package private(set) var labels: [String] = []
    /// Each label's place in `labels`: a number is looked up for every note on every frame, so a
    /// search of the list made 2,000 footnotes cost a frame 2,000 times what 1 did.
    private var places: [String: Int] = [:]

    /// The number of `label` (case-folded), from 1, once it has been referenced.
    package func number(of label: String) -> Int? {
        places[label.lowercased()].map { $0 + 1 }
    }

    /// The numbers GitHub gives once the answer is whole: only labels with a definition count.
    func restricted(to defined: Set<String>) -> FootnoteNumbers {
        var kept = FootnoteNumbers()
        for label in labels where defined.contains(label) { kept.add(label) }
        return kept
    }

    /// Forgets the labels after the first `count` (the text that referenced them was rewritten).
    mutating func keepFirst(_ count: Int) {
        for label in labels.dropFirst(count) { places[label] = nil }
        labels.removeLast(max(0, labels.count - count))
    }

    /// Adds the labels `text` references for the first time, in order (a `[^label]:` that
    /// starts a line defines, it does not reference).
    package mutating func note(referencesIn text: ArraySlice<Unicode.Scalar>) {
        for label in Self.references(in: text) where places[label] == nil { add(label) }
    }

    private mutating func add(_ label: String) {
        places[label] = labels.count
        labels.append(label)
    }

    /// Every `[^label]` in `text` that is not a definition's, case-folded, in order.
    package static func references(in text: ArraySlice<Unicode.Scalar>) -> [String] {
        var found: [String] = []
        var index = text.startIndex
        var fence: Unicode.Scalar?
        while index < text.endIndex {
            // A fenced code block's lines are code: a line opening or closing a fence toggles it.
            if index == text.startIndex || text[index - 1] == "\n", let marker = fenceMarker(at: index, in: text) {
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                index = text[index...].firstIndex(of: "\n").map { $0 + 1 } ?? text.endIndex
                continue
            }
            if fence != nil {
                index = text[index...].firstIndex(of: "\n").map { $0 + 1 } ?? text.endIndex
                continue
            }
            if text[index] == "`" {
                index = endOfCodeSpan(at: index, in: text)
                continue
            }
            guard text[index] == "[", let (label, end) = label(at: index, in: text) else {
                index += 1
                continue
            }
            if !(end < text.endIndex && text[end] == ":" && startsLine(index, in: text)) { found.append(label) }
            index = end
        }
        return found
    }

    /// "`" or "~" when a fence (three or more, up to three spaces in) starts the line at `start`.
    static func fenceMarker(at start: Int, in text: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        var index = start
        while index < text.endIndex, text[index] == " ", index - start < 3 { index += 1 }
        guard index + 2 < text.endIndex, text[index] == "`" || text[index] == "~",
            text[index + 1] == text[index], text[index + 2] == text[index]
        else { return nil }
        return text[index]
    }

    /// Past the code span a run of backticks at `start` opens (a `[^1]` in code is code), or
    /// past the run itself when no run as long closes it before a blank line.
    private static func endOfCodeSpan(at start: Int, in text: ArraySlice<Unicode.Scalar>) -> Int {
        var runEnd = start
        while runEnd < text.endIndex, text[runEnd] == "`" { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < text.endIndex {
            if text[index] == "\n", index + 1 < text.endIndex, text[index + 1] == "\n" { break }
            if text[index] == "`" {
                var close = index
                while close < text.endIndex, text[close] == "`" { close += 1 }
                if close - index == length { return close }
                index = close
            } else {
                index += 1
            }
        }
        return runEnd
    }

    /// `[^label]` at `start`: its label and the index after its `]`.
    package static func label(at start: Int, in text: ArraySlice<Unicode.Scalar>) -> (String, Int)? {
        guard start + 2 < text.endIndex, text[start + 1] == "^" else { return nil }
        var index = start + 2
        while index < text.endIndex, index - start < 100, text[index] != "]" {
            if text[index].properties.isWhitespace || text[index] == "[" { return nil }
            index += 1
        }
        guard index < text.endIndex, text[index] == "]", index > start + 2 else { return nil }
        return (String(String.UnicodeScalarView(text[(start + 2)..<index])).lowercased(), index + 1)
    }

    /// Only spaces (up to three) between the line's start and `index`.
    private static func startsLine(_ index: Int, in text: ArraySlice<Unicode.Scalar>) -> Bool {
        var before = index
        while before > text.startIndex, text[before - 1] == " ", index - before < 3 { before -= 1 }
        return before == text.startIndex || text[before - 1] == "\n"
    }
}

/// Footnote references drawn as GitHub draws them: a reference is its number, raised and small.
/// (The definitions are gathered into the footnotes section: `FootnoteSection`.)
enum FootnoteMarks {
    /// `content` with its references as superscript numbers; a label without a number (never
    /// referenced, or undefined when the answer has ended) stays as written, as GitHub shows it.
    package static func apply(_ content: StyledText, numbers: FootnoteNumbers) -> StyledText {
        guard !numbers.labels.isEmpty, content.text.contains("[^") else { return content }
        let scalars = Array(content.text.unicodeScalars)
        var edits: [StyledText.Edit] = []
        var byte = 0
        var index = 0
        while index < scalars.count {
            if scalars[index] == "[", !isCode(byte, content), let (label, end) = FootnoteNumbers.label(at: index, in: scalars[...]),
                let number = numbers.number(of: label)
            {
                let removed = String(String.UnicodeScalarView(scalars[index..<end])).utf8.count
                edits.append(StyledText.Edit(bytes: byte..<(byte + removed), text: "\(number)", style: .superscript))
                byte += removed
                index = end
                continue
            }
            byte += String(scalars[index]).utf8.count
            index += 1
        }
        // The text's formulas and their spans are kept: a reference beside a formula moves it.
        return content.applying(edits)
    }

    /// Whether byte `offset` of the content is inside inline code (`[^1]` there is code, not a reference).
    private static func isCode(_ offset: Int, _ content: StyledText) -> Bool {
        content.spans.contains { $0.style.contains(.monospace) && $0.bytes.contains(offset) }
    }
}
