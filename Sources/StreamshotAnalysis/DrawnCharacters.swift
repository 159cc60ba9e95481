/// Which characters of an answer's Markdown source a reader sees drawn: a reveal is judged by
/// what appears, not by the syntax behind it. A link's destination (`](https://…)`), an
/// autolink's angle brackets, a table's delimiter row and pipes, heading hashes, `**`, `__`,
/// `~~` and code-span backticks are source a renderer does not draw. The judge's own reading
/// (no cmark, nothing of the renderer's): a link's `[` and a stray pipe may be counted as drawn
/// — a little more counted, never a burst invented.
struct DrawnCharacters {
    private let hidden: [Bool]
    private let text: [Unicode.Scalar]

    init(_ text: [Unicode.Scalar]) {
        self.text = text
        var hidden = Array(repeating: false, count: text.count)
        var lineStart = 0
        for index in 0...text.count where index == text.count || text[index] == "\n" {
            Self.hideSyntax(in: lineStart..<index, of: text, into: &hidden)
            lineStart = index + 1
        }
        self.hidden = hidden
    }

    /// Characters drawn in `from..<to` (none for a range that is empty or out of the text: a
    /// rewind), those for which `excluded` holds (code, revealed by lines on purpose) left out.
    func count(from: Int, to: Int, excluding excluded: (Int) -> Bool = { _ in false }) -> Int {
        clamped(from, to).reduce(0) { $0 + (hidden[$1] || excluded($1) ? 0 : 1) }
    }

    private func clamped(_ from: Int, _ to: Int) -> Range<Int> {
        let lower = max(0, from)
        let upper = min(to, text.count)
        return lower < upper ? lower..<upper : 0..<0
    }

    /// Words drawn in `from..<to`: runs of drawn characters that are not white space.
    func words(from: Int, to: Int) -> Int {
        var count = 0
        var inWord = false
        for index in clamped(from, to) where !hidden[index] {
            let space = text[index].properties.isWhitespace
            if !space, !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    private static func hideSyntax(in line: Range<Int>, of text: [Unicode.Scalar], into hidden: inout [Bool]) {
        let body = line.drop { text[$0] == " " }
        if isDelimiterRow(body.map { text[$0] }) {
            for index in line.lowerBound..<min(line.upperBound + 1, text.count) { hidden[index] = true }
            return
        }
        let isTableRow = body.first.map { text[$0] == "|" } ?? false
        let hashes = body.prefix { text[$0] == "#" }
        if (1...6).contains(hashes.count), let after = hashes.last.map({ $0 + 1 }), after < line.upperBound, text[after] == " " {
            for index in hashes.first!...after { hidden[index] = true }
        }
        var index = line.lowerBound
        while index < line.upperBound {
            let scalar = text[index]
            let next = index + 1 < line.upperBound ? text[index + 1] : nil
            if scalar == "|", isTableRow {
                hidden[index] = true
            } else if scalar == "]", next == "(", let close = closingParen(after: index + 1, in: line, of: text) {
                for hiddenIndex in index...close { hidden[hiddenIndex] = true }
                index = close
            } else if scalar == "<", next == "h", let close = line[(index + 1)...].first(where: { text[$0] == ">" || text[$0] == " " }),
                text[close] == ">"
            {
                hidden[index] = true
                hidden[close] = true
            } else if scalar == "*" || scalar == "_" || scalar == "~", next == scalar {
                hidden[index] = true
                hidden[index + 1] = true
                index += 1
            } else if scalar == "`" {
                hidden[index] = true
            }
            index += 1
        }
    }

    /// `|---|:--:|` or `--- | ---`: dashes, colons, pipes and spaces, with a dash and a pipe.
    private static func isDelimiterRow(_ line: [Unicode.Scalar]) -> Bool {
        line.contains("-") && line.contains("|") && line.allSatisfy { "-:| \t\r".unicodeScalars.contains($0) }
    }

    /// The `)` that closes the `(` at `open`, nested parentheses counted; nil when the line has none.
    private static func closingParen(after open: Int, in line: Range<Int>, of text: [Unicode.Scalar]) -> Int? {
        var depth = 0
        for index in open..<line.upperBound {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
