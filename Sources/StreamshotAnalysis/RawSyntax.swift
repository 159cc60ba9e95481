import Foundation

/// The judge's own reading of Markdown and HTML syntax left visible in shown text, written for
/// this detector (no cmark, none of the renderer's parsing): what GitHub would have rendered and
/// a reader should never see as characters. Each rule is a pattern over one line of shown text.
enum RawSyntax {
    /// GitHub's sanitiser allowlist (the tags it renders; html-pipeline's SanitizationFilter),
    /// less the nine of cmark-gfm's tagfilter, which GitHub shows as text.
    static let renderedTags: Set<String> = [
        "a", "abbr", "b", "bdo", "blockquote", "br", "caption", "cite", "code", "dd", "del", "details", "dfn", "div", "dl", "dt",
        "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
        "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp", "small", "source", "span", "strike", "strong", "sub", "summary",
        "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr"
    ]

    struct Match: Equatable {
        var what: String
        var text: String
    }

    /// The raw syntax in one line of shown text. `definedFootnotes`: labels the source defines
    /// (`[^label]:` at a line's start), lowercased.
    static func matches(inLine line: Substring, definedFootnotes: Set<String>) -> [Match] {
        var found: [Match] = []
        let chars = Array(line)
        if let heading = headingHashes(chars) { found.append(Match(what: "heading hashes as text", text: heading)) }
        if let bullet = bulletMarker(chars) { found.append(Match(what: "a list marker as text", text: bullet)) }
        if let delimiter = tableDelimiterRow(chars) { found.append(Match(what: "a table's delimiter row as text", text: delimiter)) }
        if let fence = codeFence(chars) { found.append(Match(what: "a code fence as text", text: fence)) }
        if let quote = quoteMarker(chars) { found.append(Match(what: "a quote marker as text", text: quote)) }
        if let alert = alertMarker(chars) { found.append(Match(what: "an alert marker as text", text: alert)) }
        found += emphasis(chars)
        found += links(chars)
        found += footnotes(chars, defined: definedFootnotes)
        found += tags(chars)
        found += math(chars)
        return found
    }

    /// TeX a reader sees as characters: `$$…$$`; `$…$` by GitHub's rule (the opener followed and
    /// the closer preceded by a non-space, the closer not followed by a digit: `$100` and
    /// `50$ to 60$` are text); or a TeX command (`\frac`, `\times`, `\le`…) whatever the delimiters
    /// (`\(…\)` and `\[…\]` show as text on GitHub, their commands with them).
    private static func math(_ chars: [Character]) -> [Match] {
        var found: [Match] = []
        let line = String(chars)
        if let open = line.range(of: "$$"), let close = line.range(of: "$$", range: open.upperBound..<line.endIndex),
            open.upperBound < close.lowerBound
        {
            found.append(Match(what: "display math as TeX", text: String(line[open.lowerBound..<close.upperBound].prefix(24))))
        } else if let inline = inlineMath(chars) {
            found.append(Match(what: "inline math as TeX", text: inline))
        }
        if found.isEmpty, let command = texCommand(chars) { found.append(Match(what: "a TeX command as text", text: command)) }
        return found
    }

    private static func inlineMath(_ chars: [Character]) -> String? {
        for open in chars.indices where chars[open] == "$" && (open == 0 || chars[open - 1] != "\\") {
            guard open + 1 < chars.count, !chars[open + 1].isWhitespace, chars[open + 1] != "$" else { continue }
            for close in (open + 1)..<chars.count where chars[close] == "$" && !chars[close - 1].isWhitespace && chars[close - 1] != "\\" {
                if close + 1 < chars.count, chars[close + 1].isNumber { break }
                return String(chars[open...close].prefix(24))
            }
        }
        return nil
    }

    /// TeX's commands that answers' formulas use: a backslash and one of these words.
    static let texCommands: Set<String> = [
        "frac", "tfrac", "dfrac", "sqrt", "times", "cdot", "div", "pm", "le", "leq", "ge", "geq", "neq", "approx", "sum", "prod", "int",
        "left", "right", "alpha", "beta", "gamma", "delta", "pi", "sigma", "theta", "lambda", "mu", "infty", "text", "mathrm", "mathbf",
        "begin", "end", "rightarrow", "Rightarrow", "to", "quad", "qquad", "overline", "hat", "bar", "vec", "lim", "log", "ln"
    ]

    private static func texCommand(_ chars: [Character]) -> String? {
        for index in chars.indices where chars[index] == "\\" {
            let word = String(chars[(index + 1)...].prefix { $0.isASCII && $0.isLetter })
            if texCommands.contains(word) { return String(chars[index...].prefix(24)) }
        }
        return nil
    }

    /// `#` to `######` and a space at the line's start.
    private static func headingHashes(_ chars: [Character]) -> String? {
        let hashes = chars.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), hashes < chars.count, chars[hashes] == " " else { return nil }
        return String(chars.prefix(min(chars.count, hashes + 12)))
    }

    /// A GFM table's delimiter row (`|---|:---:|`): pipes, dashes, colons and spaces only, with a
    /// pipe and a dash run on each side of one. GitHub draws the table it belongs to.
    private static func tableDelimiterRow(_ chars: [Character]) -> String? {
        let row = chars.drop { $0 == " " }
        guard row.count >= 3, row.allSatisfy({ "|-: ".contains($0) }), row.contains("|"),
            row.filter({ $0 == "-" }).count >= 3, String(row).contains("-|") || String(row).contains("|-")
        else { return nil }
        return String(row.prefix(24))
    }

    /// A code fence at a line's start (up to three spaces in): three or more backticks or tildes,
    /// and for backticks no backtick after them (that line is a code span). GitHub draws the code
    /// block the fence opens or closes.
    private static func codeFence(_ chars: [Character]) -> String? {
        let row = chars.drop { $0 == " " }
        guard chars.count - row.count <= 3, let mark = row.first, mark == "`" || mark == "~" else { return nil }
        let run = row.prefix { $0 == mark }.count
        guard run >= 3, mark == "~" || !row.dropFirst(run).contains("`") else { return nil }
        return String(row.prefix(24))
    }

    /// `>` and a space at the line's start (up to three spaces in), before a letter: a block
    /// quote's marker, which GitHub draws as a bar (`> 5 days` is a comparison, not counted).
    private static func quoteMarker(_ chars: [Character]) -> String? {
        let row = chars.drop { $0 == " " }
        guard chars.count - row.count <= 3, row.first == ">" else { return nil }
        let rest = row.dropFirst().drop { $0 == " " || $0 == ">" }
        guard rest.count < row.count - 1, rest.first?.isLetter == true || rest.first == "[" else { return nil }
        return String(row.prefix(12))
    }

    /// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`: an alert's marker,
    /// which GitHub draws as the alert's titled box.
    private static func alertMarker(_ chars: [Character]) -> String? {
        let line = String(chars)
        for kind in ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"] {
            if let range = line.range(of: "[!" + kind + "]", options: .caseInsensitive) { return String(line[range]) }
        }
        return nil
    }

    /// `-`, `*` or `+` and a space at the line's start, before more text (a bullet GitHub draws).
    private static func bulletMarker(_ chars: [Character]) -> String? {
        guard chars.count > 2, ["-", "*", "+"].contains(chars[0]), chars[1] == " ", !chars[2].isWhitespace else { return nil }
        return String(chars.prefix(12))
    }

    /// `**x**`, `__x__`, `~~x~~`, `*x*`, `_x_` with GitHub's flanking rules: the opener is followed
    /// and the closer preceded by a non-space; `_` only at word edges (snake_case is text).
    private static func emphasis(_ chars: [Character]) -> [Match] {
        var found: [Match] = []
        for marker in ["**", "__", "~~", "*", "_"] {
            let width = marker.count
            let m = Array(marker)
            var index = 0
            while index + width < chars.count {
                guard Array(chars[index..<(index + width)]) == m, index + width < chars.count, !chars[index + width].isWhitespace,
                    chars[index + width] != m[0], index == 0 || chars[index - 1] != m[0]
                else {
                    index += 1
                    continue
                }
                if m[0] == "_", index > 0, chars[index - 1].isLetter || chars[index - 1].isNumber {
                    index += 1
                    continue
                }
                // The closer: the same run, preceded by a non-space, not part of a longer run.
                var close = index + width + 1
                var matched: Int?
                while close + width <= chars.count {
                    if Array(chars[close..<(close + width)]) == m, !chars[close - 1].isWhitespace,
                        close + width == chars.count || chars[close + width] != m[0], chars[close - 1] != m[0]
                    {
                        if m[0] == "_", close + width < chars.count, chars[close + width].isLetter || chars[close + width].isNumber { break }
                        matched = close
                        break
                    }
                    close += 1
                }
                guard let end = matched else {
                    index += 1
                    continue
                }
                found.append(
                    Match(
                        what: marker == "~~" ? "strikethrough markers as text" : "emphasis markers as text",
                        text: String(chars[index..<(end + width)])))
                index = end + width
            }
        }
        return found
    }

    /// `[text](target)` and `<https://…>` autolinks.
    private static func links(_ chars: [Character]) -> [Match] {
        var found: [Match] = []
        let text = String(chars)
        var rest = text[...]
        while let open = rest.firstIndex(of: "[") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "]") else { break }
            let next = after.index(after: close)
            if next < after.endIndex, after[next] == "(", close > after.startIndex, after[after.startIndex] != "^",
                let end = after[next...].firstIndex(of: ")"), !after[next..<end].contains(" ")
            {
                found.append(Match(what: "link brackets as text", text: String(rest[open...end])))
                rest = after[after.index(after: end)...]
            } else {
                rest = after
            }
        }
        for scheme in ["<https://", "<http://"] {
            var search = text[...]
            while let start = search.range(of: scheme), let end = search[start.upperBound...].firstIndex(of: ">") {
                found.append(Match(what: "autolink brackets as text", text: String(search[start.lowerBound...end])))
                search = search[search.index(after: end)...]
            }
        }
        return found
    }

    /// `[^label]` whose label the source defines (an undefined one GitHub shows as text).
    private static func footnotes(_ chars: [Character], defined: Set<String>) -> [Match] {
        var found: [Match] = []
        var index = 0
        while index + 3 < chars.count {
            guard chars[index] == "[", chars[index + 1] == "^", let close = chars[(index + 2)...].firstIndex(of: "]") else {
                index += 1
                continue
            }
            let label = String(chars[(index + 2)..<close])
            if !label.isEmpty, !label.contains(" "), defined.contains(label.lowercased()), close + 1 == chars.count || chars[close + 1] != ":" {
                found.append(Match(what: "a footnote reference as text", text: String(chars[index...close])))
            }
            index = close + 1
        }
        return found
    }

    /// `<tag …>`, `</tag>` and `<tag/>` of a tag GitHub renders.
    private static func tags(_ chars: [Character]) -> [Match] {
        var found: [Match] = []
        var index = 0
        while index < chars.count {
            guard chars[index] == "<", let close = chars[index...].firstIndex(of: ">") else {
                index += 1
                continue
            }
            var inner = chars[(index + 1)..<close]
            if inner.first == "/" { inner = inner.dropFirst() }
            let name = String(inner.prefix { $0.isLetter || $0.isNumber }).lowercased()
            let rest = inner.dropFirst(name.count)
            if renderedTags.contains(name), rest.isEmpty || rest.first == " " || rest.first == "/" {
                found.append(Match(what: "an HTML tag as text", text: String(chars[index...close])))
            }
            index = close + 1
        }
        return found
    }

    /// Footnote labels the source defines: `[^label]:` at a line's start (up to three spaces in).
    static func definedFootnotes(in source: String) -> Set<String> {
        var labels: Set<String> = []
        for line in source.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3, trimmed.hasPrefix("[^"), let close = trimmed.firstIndex(of: "]"),
                trimmed.index(after: close) < trimmed.endIndex, trimmed[trimmed.index(after: close)] == ":"
            else { continue }
            labels.insert(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<close].lowercased())
        }
        return labels
    }

    /// The source's code: each code span's content and each fenced or indented code line, so a
    /// match inside code (where syntax is shown on purpose) is not counted.
    static func code(in source: String) -> [Substring] {
        var pieces: [Substring] = []
        var fence: Substring?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == ">" }
            if let open = fence {
                pieces.append(line)
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                continue
            }
            if line.hasPrefix("    ") || line.hasPrefix("\t") { pieces.append(line) }
            pieces += spans(line)
        }
        return pieces
    }

    /// The contents of a line's code spans (a backtick run to the next run as long).
    private static func spans(_ line: Substring) -> [Substring] {
        var found: [Substring] = []
        var index = line.startIndex
        while let open = line[index...].firstIndex(of: "`") {
            let run = line[open...].prefix { $0 == "`" }
            let contentStart = run.endIndex
            guard let close = line[contentStart...].range(of: String(run)) else { break }
            found.append(line[contentStart..<close.lowerBound])
            index = close.upperBound
        }
        return found
    }
}
