import StreamshotMath

/// A formula as written in the source.
struct WrittenFormula: Equatable, Sendable {
    /// Its TeX, without delimiters (container markers of its later lines taken out).
    var tex: String
    var display: Bool
    /// As written, delimiters included (shown as code when it cannot be typeset, or inside code).
    var written: String
}

/// Formulas taken out of Markdown source before cmark-gfm reads it, which would otherwise read
/// their `_`, `*`, `\{` and `\\` as emphasis and escapes. Each is replaced by one private-use
/// character that stands for it (`MathMarks` turns it back into the formula after the parse).
/// A formula over several lines keeps its line breaks, each followed by the line's container
/// markers and a second private-use character, so that line numbers and the paragraph stay
/// as they were; `MathMarks` drops those breaks.
enum MathMarking {
    /// The first placeholder: formula `i` is `U+F0000 + i`.
    static let firstPlaceholder: UInt32 = 0xF0000
    /// Marks a line break inside a formula.
    static let continuation: Unicode.Scalar = "\u{FFFF0}"

    static func marking(_ source: String) -> (source: String, formulas: [WrittenFormula]) {
        guard source.contains("$") || source.contains("\\(") || source.contains("\\[") else { return (source, []) }
        let text = Array(source.unicodeScalars)
        let fenced = fencedLines(text)
        var out = String.UnicodeScalarView()
        var formulas: [WrittenFormula] = []
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if fenced[index] {
                out.append(scalar)
                index += 1
            } else if scalar == "`", let end = codeSpanEnd(at: index, in: text) {
                out.append(contentsOf: text[index..<end])
                index = end
            } else if scalar == "\\", index + 1 < text.count, text[index + 1] != "(", text[index + 1] != "[" {
                out.append(contentsOf: text[index...(index + 1)])
                index += 2
            } else if scalar == "$" || scalar == "\\",
                case .formula(let tex, let display, let end) = MathDelimiters.formula(at: index, in: text[...]),
                !fenced[end - 1], scalar == "$" || isTeX(text[tex]),
                let placeholder = Unicode.Scalar(firstPlaceholder + UInt32(formulas.count))
            {
                formulas.append(
                    WrittenFormula(tex: Self.tex(text[tex]), display: display, written: String(String.UnicodeScalarView(text[index..<end]))))
                out.append(placeholder)
                for newline in text[index..<end].indices where text[newline] == "\n" {
                    out.append("\n")
                    out.append(contentsOf: text[(newline + 1)...].prefix { $0 == " " || $0 == "\t" || $0 == ">" })
                    out.append(continuation)
                }
                index = end
            } else {
                out.append(scalar)
                index += 1
            }
        }
        return (String(out), formulas)
    }

    /// Whether `\(…\)` or `\[…\]` holds TeX that reads: otherwise they are CommonMark's escaped
    /// brackets (`\[\\\]` is `[\]`), as they are to GitHub. `$…$` is a formula whatever it holds.
    private static func isTeX(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        (try? TeXParser.parse(Self.tex(scalars))) != nil
    }

    /// The TeX of a formula's lines, each line's quote markers and indentation taken out.
    private static func tex(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        let lines = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.enumerated().map { index, line in
            index == 0 ? line : line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        }
        return body.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n").trimmingSpaces
    }

    /// Whether each character is on a fenced code block's line (its fences included).
    private static func fencedLines(_ text: [Unicode.Scalar]) -> [Bool] {
        var fenced = [Bool](repeating: false, count: text.count)
        var open: FenceLine?
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.count
            let fence = FenceLine.parse(ContainerPrefix.strip(text[lineStart..<lineEnd]))
            var inside = open != nil
            if let fence {
                if let opening = open {
                    if fence.closes(opening) { open = nil }
                } else {
                    open = fence
                    inside = true
                }
            }
            if inside { for index in lineStart..<min(lineEnd + 1, text.count) { fenced[index] = true } }
            lineStart = lineEnd + 1
        }
        return fenced
    }

    /// The end of the code span opening at `index` (a backtick run closed by one as long, before
    /// a blank line), or nil when the run is not closed.
    private static func codeSpanEnd(at index: Int, in text: [Unicode.Scalar]) -> Int? {
        let run = text[index...].prefix { $0 == "`" }.count
        var position = index + run
        while position < text.count {
            if text[position] == "\n", position + 1 < text.count,
                text[(position + 1)...].prefix(while: { $0 != "\n" }).allSatisfy({ $0 == " " || $0 == "\t" })
            {
                return nil
            }
            if text[position] == "`" {
                let closing = text[position...].prefix { $0 == "`" }.count
                if closing == run { return position + run }
                position += closing
            } else {
                position += 1
            }
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
