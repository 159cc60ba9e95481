/// Lines that look like link reference definitions (`[label]: destination`). The splitter keeps
/// them from finished text for the text after it, and a new one sends finished text that uses
/// its label back to the parser. cmark-gfm decides what really is a definition: a line kept here
/// that is not one changes nothing.
enum DefinitionLine {
    /// The complete lines of `source` that may be definitions (up to three spaces indented).
    package static func lines(in source: ArraySlice<Unicode.Scalar>) -> [String] {
        var found: [String] = []
        var lineStart = source.startIndex
        while let lineEnd = source[lineStart...].firstIndex(of: "\n") {
            let line = source[lineStart..<lineEnd]
            let trimmed = line.drop { $0 == " " }
            if line.count - trimmed.count <= 3, trimmed.first == "[", label(of: trimmed) != nil {
                found.append(StreamingSource.string(line))
            }
            lineStart = lineEnd + 1
        }
        return found
    }

    /// The label a definition line defines, case-folded with its whitespace collapsed, as
    /// CommonMark matches labels.
    package static func label(_ line: String) -> String? {
        label(of: Array(line.unicodeScalars).drop { $0 == " " })
    }

    private static func label(of line: ArraySlice<Unicode.Scalar>) -> String? {
        guard line.first == "[", let close = line.firstIndex(of: "]"), close + 1 < line.endIndex,
            line[close + 1] == ":"
        else { return nil }
        let inner = StreamingSource.string(line[(line.startIndex + 1)..<close])
        // `[^label]:` starts a footnote's definition, never a link's.
        if inner.hasPrefix("^") { return nil }
        let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.isEmpty ? nil : words.joined(separator: " ").lowercased()
    }
}
