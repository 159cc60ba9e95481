/// Whether the line being typed at the end of the revealed text can still become a block of
/// another kind — a heading, a list item, a fence, a rule, a table row, a setext underline —
/// so the display buffer holds it back until its beginning decides (a block's kind never
/// changes once shown).
enum PendingLine {
    /// - Parameter line: the incomplete last line, without a newline.
    static func isUndecided(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        let body = ContainerPrefix.strip(line)
        guard let first = body.first else { return true }
        let rest = Array(body)
        // A line with a pipe may be a table's header or delimiter row.
        if rest.contains("|") || rest.allSatisfy({ $0 == "-" || $0 == ":" || $0 == " " }) { return true }
        switch first {
        case "#": return rest.allSatisfy { $0 == "#" }
        case "`", "~":
            // A run of three may open a fence (until a backtick in its info string says it does not);
            // a shorter run followed by text is inline code or text.
            let run = rest.prefix { $0 == first }.count
            if run == rest.count { return true }
            return run >= 3 && !(first == "`" && rest[run...].contains("`"))
        case "=": return rest.allSatisfy { $0 == "=" || $0 == " " }
        case "-", "*", "_", "+":
            let marks = rest.filter { $0 != " " && $0 != "\t" }
            return marks.allSatisfy { $0 == first } || rest.count == 1
        case "0"..."9":
            let digits = rest.prefix { ("0"..."9").contains($0) }.count
            return digits == rest.count || (digits + 1 == rest.count && (rest[digits] == "." || rest[digits] == ")"))
        case "[":
            // A task box is known once it closes; a link reference definition (`[label]: url`)
            // only once its line ends, or its label would flash as text.
            guard let close = rest.firstIndex(of: "]") else { return true }
            return close + 1 == rest.count || rest[close + 1] == ":"
        case "<": return rest.count < 3
        default: return false
        }
    }
}

/// The markers before a line's content: indentation, `>` quote markers, list markers, a task box.
enum ContainerPrefix {
    /// The line after its container markers.
    package static func strip(_ line: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var rest = line
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\t" }
            if trimmed.first == ">" {
                rest = trimmed.dropFirst()
                continue
            }
            if let afterMarker = listMarker(trimmed) {
                rest = afterMarker
                continue
            }
            return trimmed
        }
    }

    /// Where a block's content starts in the whole text: after its containers' markers, and its
    /// own heading marker or task box.
    static func contentOffset(in scalars: ArraySlice<Unicode.Scalar>, lineStart: Int) -> Int {
        var end = lineStart
        while end < scalars.endIndex, scalars[end] != "\n" { end += 1 }
        var body = strip(scalars[lineStart..<end])
        body = body.drop { $0 == "#" }.drop { $0 == " " }
        if body.starts(with: ["[", " ", "]"]) || body.starts(with: ["[", "x", "]"]) || body.starts(with: ["[", "X", "]"]) {
            body = body.dropFirst(3).drop { $0 == " " }
        }
        return body.startIndex
    }

    /// The rest of the line after a list marker (`-`, `*`, `+`, `1.`, `1)`) and its space, if it starts with one.
    private static func listMarker(_ line: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
        guard let first = line.first else { return nil }
        var marker = 0
        if first == "-" || first == "*" || first == "+" {
            marker = 1
        } else {
            let digits = line.prefix { ("0"..."9").contains($0) }.count
            guard digits > 0, digits <= 9, line.count > digits, [".", ")"].contains(line[line.startIndex + digits]) else { return nil }
            marker = digits + 1
        }
        let after = line.dropFirst(marker)
        guard let space = after.first, space == " " || space == "\t" else { return nil }
        return after.dropFirst()
    }
}
