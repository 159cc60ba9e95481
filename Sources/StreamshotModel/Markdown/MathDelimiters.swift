/// Where formulas stand in Markdown source, as GitHub reads them (`$…$`, `` $`…`$ ``, `$$…$$`)
/// and as ChatGPT and streamdown also read them (`\(…\)`, `\[…\]`).
///
/// GitHub's (and pandoc's) rule for a single `$`: it opens when a character other than a space
/// follows it, and closes when a character other than a space precedes it and no digit follows
/// it, on the same line. So `$100` and `50$ to 60$` stay text.
enum MathDelimiters {
    enum Found: Equatable {
        /// A formula: its TeX's range, whether it is set in display style, and where it ends.
        case formula(tex: Range<Int>, display: Bool, end: Int)
        /// An opener whose closer has not arrived yet (the answer is still streaming).
        case open
        /// Not a formula: the characters are text.
        case none
    }

    /// What the delimiter at `index` (a `$`, or a `\` before `(` or `[`) starts.
    static func formula(at index: Int, in text: ArraySlice<Unicode.Scalar>) -> Found {
        let next = index + 1 < text.endIndex ? text[index + 1] : nil
        switch (text[index], next) {
        case ("\\", "("): return enclosed(from: index + 2, closer: ["\\", ")"], display: false, multiline: true, in: text)
        case ("\\", "["): return enclosed(from: index + 2, closer: ["\\", "]"], display: true, multiline: true, in: text)
        case ("$", "$"): return enclosed(from: index + 2, closer: ["$", "$"], display: true, multiline: true, in: text)
        case ("$", "`"): return enclosed(from: index + 2, closer: ["`", "$"], display: false, multiline: false, in: text)
        case ("$", _): return dollar(at: index, in: text)
        default: return .none
        }
    }

    /// A formula from `start` to the first `closer` (not across a blank line; not across any line
    /// break unless `multiline`).
    private static func enclosed(
        from start: Int, closer: [Unicode.Scalar], display: Bool, multiline: Bool, in text: ArraySlice<Unicode.Scalar>
    ) -> Found {
        var index = start
        while index < text.endIndex {
            if text[index] == "\n" && (!multiline || isBlankLine(after: index, in: text)) { return .none }
            if text[index] == "\\", closer[0] != "\\" {
                index += 2
                continue
            }
            if text[index] == closer[0], index + 1 < text.endIndex, text[index + 1] == closer[1] {
                return index > start ? .formula(tex: start..<index, display: display, end: index + 2) : .none
            }
            index += 1
        }
        return .open
    }

    /// A single `$`, by GitHub's rule; a number after it with a space after that is a price.
    private static func dollar(at index: Int, in text: ArraySlice<Unicode.Scalar>) -> Found {
        guard index + 1 < text.endIndex else { return .open }
        guard !isSpace(text[index + 1]) else { return .none }
        var position = index + 1
        while position < text.endIndex, text[position] != "\n" {
            let scalar = text[position]
            if scalar == "\\" {
                position += 2
                continue
            }
            if scalar == "$", position > index + 1, !isSpace(text[position - 1]) {
                let after = position + 1 < text.endIndex ? text[position + 1] : nil
                if after.map({ !("0"..."9").contains($0) }) ?? true {
                    return .formula(tex: (index + 1)..<position, display: false, end: position + 1)
                }
            }
            position += 1
        }
        if position < text.endIndex { return .none }  // the line ended without a closer
        return looksLikePrice(after: index, in: text) ? .none : .open
    }

    /// `$` then digits (and `,` or `.`) then a space: a price, not a formula still being typed.
    private static func looksLikePrice(after index: Int, in text: ArraySlice<Unicode.Scalar>) -> Bool {
        let rest = text[(index + 1)...]
        guard let first = rest.first, ("0"..."9").contains(first) else { return false }
        let number = rest.prefix { ("0"..."9").contains($0) || $0 == "," || $0 == "." }
        return number.count < rest.count && isSpace(rest[rest.startIndex + number.count])
    }

    private static func isBlankLine(after newline: Int, in text: ArraySlice<Unicode.Scalar>) -> Bool {
        let line = text[(newline + 1)...].prefix { $0 != "\n" }
        let lineEnd = newline + 1 + line.count
        return lineEnd < text.endIndex && ContainerPrefix.strip(line).allSatisfy(isSpace)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
}
