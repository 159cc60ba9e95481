import Foundation

/// One kind of Markdown or HTML syntax a client can fail to draw, shown to the reader as the
/// characters that came: a client whose renderer lacks tables or HTML, escapes emphasis, never
/// typesets math, reads no footnotes, or shows what a closed `<details>` hides.
public enum RawSyntaxKind: String, CaseIterable, Sendable {
    case emphasis, heading
    case listMarker = "list-marker"
    case tablePipes = "table-pipes"
    case fence, tag, math, footnote, details

    /// Words the finding must use to name this kind (`raw-syntax`'s own names for what it read).
    var named: String {
        switch self {
        case .emphasis: return "markers"  // emphasis or strikethrough markers
        case .heading: return "heading hashes"
        case .listMarker: return "list marker"
        case .tablePipes: return "delimiter row"
        case .fence: return "code fence"
        case .tag: return "HTML tag"
        case .math: return "TeX"
        case .footnote: return "footnote reference"
        case .details: return "closed <details>"
        }
    }
}

/// Plants one kind of raw syntax in a clean trace. The client shows the answer's own syntax of
/// that kind as characters, made so by a backslash before each of its marks (or an HTML tag's
/// `<`), which every Markdown renderer draws as the mark itself; math, which answers in the
/// bundled examples do not hold, is a formula added at the end of a line of running text, and the
/// planted client's start record says it does not typeset (`"math":false`): it shows its TeX. Footnotes and a closed `<details>`, which most
/// bundled answers lack, are added (a reference at the end of a line of running text and its
/// definition, or a `<details>` after the answer's last block) and the planted client's start
/// record says how its reader fails them (`"footnotes":false`, `"detailsOpen":true`). Syntax
/// inside code (fenced blocks, code spans) is left alone: there it is the code's own text. The
/// planted client's view follows the answer's end.
enum RawSyntaxPlanter {
    /// `trace` with `kind` shown raw, and the time of the first show that carries it; nil when the
    /// answer has none of that kind.
    static func plant(_ kind: RawSyntaxKind, in trace: CleanTrace) -> (trace: CleanTrace, fromMs: Double)? {
        let shows = trace.records.indices.filter { trace.records[$0]["append"] is String }
        let texts = shows.map { Array((trace.records[$0]["append"] as? String ?? "").unicodeScalars) }
        let source = texts.flatMap { $0 }
        let insertions = Self.insertions(kind, in: source)
        guard !insertions.isEmpty else { return nil }
        let inserted = Dictionary(insertions, uniquingKeysWith: +)
        var planted = trace
        var offset = 0
        var first: Double?
        for (show, text) in zip(shows, texts) {
            var changed = String.UnicodeScalarView()
            for (at, scalar) in text.enumerated() {
                if let before = inserted[offset + at] { changed.append(contentsOf: before.unicodeScalars) }
                changed.append(scalar)
            }
            // Added after the answer's last character: with the last show.
            if offset + text.count == source.count, let after = inserted[source.count] { changed.append(contentsOf: after.unicodeScalars) }
            if changed.count != text.count {
                planted.records[show]["append"] = String(changed)
                first = first ?? (trace.records[show]["t"] as? Double ?? 0)
            }
            offset += text.count
        }
        if kind == .footnote { planted.records[0]["footnotes"] = false }
        if kind == .details { planted.records[0]["detailsOpen"] = true }
        if kind == .math { planted.records[0]["math"] = false }
        // A view that follows the answer's end, as most do: the line the syntax is on is on screen as it is written.
        planted.insert(["type": "scroll", "offset": 1_000_000], at: 0)
        return first.map { (planted, $0) }
    }

    /// What to insert where (offsets in `source`; `source.count`: after its end) to show `kind` raw.
    private static func insertions(_ kind: RawSyntaxKind, in source: [Unicode.Scalar]) -> [(Int, String)] {
        let language = PlantedSections.language(of: source)
        switch kind {
        case .math:
            return runningLineEnd(in: source).map { [($0, " $R = 45{,}000 \\times \\tfrac{d}{n}$")] } ?? []
        case .footnote:
            let label = "planted"
            guard let end = runningLineEnd(in: source) else { return [] }
            return [(end, "[^\(label)]"), (source.count, "\n\n" + PlantedSections.footnote(label: label, in: language) + "\n")]
        case .details:
            return [(source.count, "\n\n" + PlantedSections.closedDetails(in: language) + "\n")]
        default:
            return escapes(kind, in: source).map { ($0, "\\") }
        }
    }

    /// The lines of `source`, each with where it starts and whether it lies in a fenced code block
    /// (fence lines included).
    private static func lines(_ source: [Unicode.Scalar]) -> [(start: Int, text: [Unicode.Scalar], inCode: Bool, isFence: Bool)] {
        var result: [(Int, [Unicode.Scalar], Bool, Bool)] = []
        var start = 0
        var openFence: Unicode.Scalar?
        for (index, scalar) in source.enumerated() where scalar == "\n" || index == source.count - 1 {
            let end = scalar == "\n" ? index : index + 1
            let text = Array(source[start..<end])
            let fence = fenceMark(text)
            let isFence = fence != nil && (openFence == nil || openFence == fence)
            result.append((start, text, openFence != nil || isFence, isFence))
            if isFence { openFence = openFence == nil ? fence : nil }
            start = index + 1
        }
        return result
    }

    /// A line's fence character (` or ~) when it opens or closes a fenced code block.
    private static func fenceMark(_ line: [Unicode.Scalar]) -> Unicode.Scalar? {
        let row = line.drop { $0 == " " }
        guard line.count - row.count <= 3, let mark = row.first, mark == "`" || mark == "~", row.prefix(while: { $0 == mark }).count >= 3 else {
            return nil
        }
        return mark
    }

    /// The positions in a line outside its code spans.
    private static func outsideCodeSpans(_ line: [Unicode.Scalar]) -> [Int] {
        var result: [Int] = []
        var index = 0
        while index < line.count {
            guard line[index] == "`" else {
                result.append(index)
                index += 1
                continue
            }
            let run = line[index...].prefix { $0 == "`" }.count
            // The span ends at the next run of exactly as many backticks; unclosed, the run is text.
            var close = index + run
            var end: Int?
            while close < line.count {
                let closing = line[close...].prefix { $0 == "`" }.count
                if closing == run {
                    end = close + run
                    break
                }
                close += max(closing, 1)
            }
            index = end ?? (index + run)
        }
        return result
    }

    /// Where a backslash makes `kind`'s marks show as characters.
    private static func escapes(_ kind: RawSyntaxKind, in source: [Unicode.Scalar]) -> [Int] {
        let all = lines(source)
        let tableLines = tableLineIndices(all.map(\.text), inCode: all.map(\.inCode))
        var result: [Int] = []
        for (number, line) in all.enumerated() {
            if kind == .fence {
                if line.isFence { result += line.text.indices.filter { line.text[$0] == "`" || line.text[$0] == "~" }.map { line.start + $0 } }
                continue
            }
            guard !line.inCode else { continue }
            let text = line.text
            let open = outsideCodeSpans(text)
            let indent = text.prefix { $0 == " " }.count
            switch kind {
            case .heading:
                let hashes = text[indent...].prefix { $0 == "#" }.count
                if indent <= 3, (1...6).contains(hashes), indent + hashes < text.count, text[indent + hashes] == " " {
                    result.append(line.start + indent)
                }
            case .listMarker:
                if let marker = bullet(text) { result.append(line.start + marker) }
            case .tablePipes:
                if tableLines.contains(number) { result += open.filter { text[$0] == "|" }.map { line.start + $0 } }
            case .tag:
                result += open.filter { isTag(text, at: $0) }.map { line.start + $0 }
            case .emphasis:
                let marker = bullet(text)
                result += open.filter { ($0 != marker) && isEmphasisMark(text, at: $0) }.map { line.start + $0 }
            case .fence, .math, .footnote, .details:
                break
            }
        }
        return result
    }

    /// Where a bullet list item's marker stands (`-`, `*` or `+`, a space, then text; not a rule).
    private static func bullet(_ line: [Unicode.Scalar]) -> Int? {
        let indent = line.prefix { $0 == " " }.count
        guard indent + 2 < line.count, ["-", "*", "+"].contains(line[indent]), line[indent + 1] == " ",
            !line.allSatisfy({ $0 == line[indent] || $0 == " " })
        else { return nil }
        return indent
    }

    /// `<` opening or closing a tag: a letter, or `/` and a letter, after it (an autolink's scheme aside).
    private static func isTag(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        guard line[index] == "<", index + 2 < line.count else { return false }
        let name = line[index + 1] == "/" ? index + 2 : index + 1
        guard name < line.count, line[name].properties.isAlphabetic, line[name].isASCII else { return false }
        let word = String(String.UnicodeScalarView(line[name...].prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) })).lowercased()
        return !["http", "https", "mailto"].contains(word) && line[name...].contains(">")
    }

    /// A `*`, `_` or `~` in a run that opens or closes emphasis: a space on one side and not the
    /// other (an underscore inside a word, `snake_case`, is text; `2 * 3` is too).
    private static func isEmphasisMark(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        let mark = line[index]
        guard mark == "*" || mark == "_" || mark == "~" else { return false }
        var start = index
        while start > 0, line[start - 1] == mark { start -= 1 }
        var end = index
        while end + 1 < line.count, line[end + 1] == mark { end += 1 }
        if mark == "~", end - start != 1 { return false }
        let before = start > 0 ? line[start - 1] : " "
        let after = end + 1 < line.count ? line[end + 1] : " "
        let spaceBefore = before.properties.isWhitespace
        let spaceAfter = after.properties.isWhitespace
        if mark == "_", before.properties.isAlphabetic || after.properties.isAlphabetic, !spaceBefore, !spaceAfter { return false }
        let punctuation = { (scalar: Unicode.Scalar) in Character(scalar).isPunctuation }
        return spaceBefore != spaceAfter || (!spaceBefore && (punctuation(before) || punctuation(after)))
    }

    /// The lines of each table: a delimiter row, the header line before it and the lines with a
    /// pipe after it.
    private static func tableLineIndices(_ lines: [[Unicode.Scalar]], inCode: [Bool]) -> Set<Int> {
        var result: Set<Int> = []
        for (number, line) in lines.enumerated() where number > 0 && !inCode[number] && isDelimiterRow(line) {
            result.insert(number - 1)
            var row = number
            while row < lines.count, lines[row].contains("|"), !inCode[row] {
                result.insert(row)
                row += 1
            }
        }
        return result
    }

    private static func isDelimiterRow(_ line: [Unicode.Scalar]) -> Bool {
        line.contains("|") && line.contains("-") && line.allSatisfy { "|-: ".unicodeScalars.contains($0) }
    }

    /// The end of a line of running text, where a formula or a footnote reference is added: the
    /// first ending in the answer's second and third fifths, else the last before them (not at
    /// the very end: a client's last flush may scroll the line away in the frame that shows it).
    private static func runningLineEnd(in source: [Unicode.Scalar]) -> Int? {
        let running = lines(source).filter { line in
            line.start + line.text.count <= source.count * 4 / 5 && !line.inCode && line.text.count > 20 && !line.text.contains("|")
                && line.text.first.map { !"#>-*+".unicodeScalars.contains($0) } ?? false
        }
        return (running.first(where: { $0.start + $0.text.count >= source.count * 2 / 5 }) ?? running.last).map { $0.start + $0.text.count }
    }
}
