public import StreamshotGraphics

/// Inline Markdown (emphasis, strong, strikethrough, code spans, links, escapes) turned into
/// plain text plus styled spans for the layout.
///
/// While a block is still streaming (`isOpen`), an unclosed opener never shows as raw
/// characters: its marker is hidden and its style runs to the end of the text, as it will
/// once the closer arrives. A marker run at the very end of open text is hidden too.
public enum InlineMarkdown {
    public static func render(_ source: String, isOpen: Bool) -> (text: String, spans: [TextSpan]) {
        var state = InlineState(Array(source.unicodeScalars), isOpen: isOpen)
        state.scanLiteralConstructs()
        state.matchEmphasis()
        return state.output()
    }
}

private struct DelimiterRun {
    var char: Unicode.Scalar
    var position: Int
    var length: Int
    /// Characters not yet matched: openers are consumed from their inner (right) end,
    /// closers from their inner (left) end.
    var remaining: Int
    var canOpen: Bool
    var canClose: Bool
}

private struct InlineState {
    let s: [Unicode.Scalar]
    let isOpen: Bool
    var hidden: [Bool]
    var spans: [(range: Range<Int>, style: SpanStyle)] = []
    var runs: [DelimiterRun] = []

    init(_ scalars: [Unicode.Scalar], isOpen: Bool) {
        s = scalars
        self.isOpen = isOpen
        hidden = Array(repeating: false, count: scalars.count)
    }

    /// Escapes, code spans and links, whose insides are not scanned for emphasis; collects
    /// emphasis delimiter runs everywhere else.
    mutating func scanLiteralConstructs() {
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\\", i + 1 < s.count, s[i + 1].isASCII,
               isPunctuation(s[i + 1]) {
                hidden[i] = true
                i += 2
            } else if c == "`" {
                i = codeSpan(at: i)
            } else if c == "]", i + 1 < s.count, s[i + 1] == "(" {
                i = linkTarget(at: i)
            } else if c == "[" && opensLink(at: i) {
                hidden[i] = true
                i += 1
            } else if c == "*" || c == "_" || c == "~" {
                var length = 1
                while i + length < s.count, s[i + length] == c { length += 1 }
                runs.append(makeRun(c, at: i, length: length))
                i += length
            } else {
                i += 1
            }
        }
    }

    /// Pairs closers with the nearest compatible opener, CommonMark-style (simplified).
    mutating func matchEmphasis() {
        var stack: [Int] = []
        for index in runs.indices {
            if runs[index].canClose {
                var search = stack.count - 1
                while search >= 0, runs[index].remaining > 0 {
                    let openerIndex = stack[search]
                    let opener = runs[openerIndex]
                    guard opener.char == runs[index].char, opener.remaining > 0 else { search -= 1; continue }
                    let use = opener.remaining >= 2 && runs[index].remaining >= 2 ? 2 : 1
                    if opener.char == "~" && use < 2 { search -= 1; continue }
                    let innerStart = opener.position + opener.remaining
                    let closerStart = runs[index].position + runs[index].length - runs[index].remaining
                    for k in (innerStart - use)..<innerStart { hidden[k] = true }
                    for k in closerStart..<(closerStart + use) { hidden[k] = true }
                    spans.append((innerStart..<closerStart, style(for: opener.char, use: use)))
                    runs[openerIndex].remaining -= use
                    runs[index].remaining -= use
                    // Openers between the pair can no longer close anything.
                    stack.removeSubrange((search + 1)...)
                    if runs[openerIndex].remaining == 0 { stack.remove(at: search) }
                    search = stack.count - 1
                }
            }
            if runs[index].canOpen, runs[index].remaining > 0 { stack.append(index) }
        }
        guard isOpen else { return }
        // Still streaming: unclosed openers style the rest; a trailing run is hidden.
        for index in stack where runs[index].remaining > 0 {
            let run = runs[index]
            let innerStart = run.position + run.remaining
            for k in run.position..<innerStart { hidden[k] = true }
            let use = min(run.remaining, run.char == "~" ? 2 : 3)
            spans.append((innerStart..<s.count, style(for: run.char, use: use)))
        }
        if let last = runs.last, last.position + last.length == s.count {
            for k in last.position..<s.count { hidden[k] = true }
        }
    }

    func output() -> (text: String, spans: [TextSpan]) {
        var text = String.UnicodeScalarView()
        var byteOffset = [Int](repeating: 0, count: s.count + 1)
        var bytes = 0
        for (index, scalar) in s.enumerated() {
            byteOffset[index] = bytes
            if !hidden[index] {
                text.append(scalar)
                bytes += UTF8.width(scalar)
            }
        }
        byteOffset[s.count] = bytes
        let textSpans = spans.compactMap { span -> TextSpan? in
            let range = byteOffset[span.range.lowerBound]..<byteOffset[span.range.upperBound]
            return range.isEmpty ? nil : TextSpan(bytes: range, style: span.style)
        }
        return (String(text), textSpans)
    }

    private func style(for char: Unicode.Scalar, use: Int) -> SpanStyle {
        if char == "~" { return .strikethrough }
        switch use {
        case 1: return .italic
        case 2: return .bold
        default: return [.bold, .italic]
        }
    }

    /// A code span from the backtick run at `i`; returns where scanning continues.
    private mutating func codeSpan(at i: Int) -> Int {
        var length = 1
        while i + length < s.count, s[i + length] == "`" { length += 1 }
        var j = i + length
        while j < s.count {
            if s[j] == "`" {
                var closing = 1
                while j + closing < s.count, s[j + closing] == "`" { closing += 1 }
                if closing == length {
                    for k in i..<(i + length) { hidden[k] = true }
                    for k in j..<(j + length) { hidden[k] = true }
                    spans.append(((i + length)..<j, .monospace))
                    return j + length
                }
                j += closing
            } else {
                j += 1
            }
        }
        if isOpen {
            for k in i..<(i + length) { hidden[k] = true }
            spans.append(((i + length)..<s.count, .monospace))
            return s.count
        }
        return i + length
    }

    /// Whether `[` at `i` starts `[text](` (complete enough to know it is a link).
    private func opensLink(at i: Int) -> Bool {
        var j = i + 1
        while j < s.count, s[j] != "]", s[j] != "\n" { j += 1 }
        return j + 1 < s.count && s[j] == "]" && s[j + 1] == "("
    }

    /// Hides `](url)` after a link's text (to the end while the URL is still arriving).
    private mutating func linkTarget(at i: Int) -> Int {
        var j = i + 2
        while j < s.count, s[j] != ")", s[j] != "\n" { j += 1 }
        if j < s.count, s[j] == ")" {
            for k in i...j { hidden[k] = true }
            return j + 1
        }
        if isOpen && j == s.count {
            for k in i..<s.count { hidden[k] = true }
            return s.count
        }
        return i + 1
    }

    private func makeRun(_ char: Unicode.Scalar, at i: Int, length: Int) -> DelimiterRun {
        let before: Unicode.Scalar = i > 0 ? s[i - 1] : " "
        let after: Unicode.Scalar? = i + length < s.count ? s[i + length] : (isOpen ? nil : " ")
        let afterIsSpace = after.map(isSpace) ?? false
        let afterIsPunct = after.map(isPunctuation) ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunct || isSpace(before) || isPunctuation(before))
        let rightFlanking = !isSpace(before) && (!isPunctuation(before) || afterIsSpace || afterIsPunct)
        var canOpen = leftFlanking
        var canClose = rightFlanking
        if char == "_" {
            canOpen = leftFlanking && (!rightFlanking || isPunctuation(before))
            canClose = rightFlanking && (!leftFlanking || afterIsPunct)
        }
        if char == "~" && length != 2 {
            canOpen = false
            canClose = false
        }
        return DelimiterRun(char: char, position: i, length: length, remaining: length, canOpen: canOpen, canClose: canClose)
    }

    private func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

    private func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
             .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
