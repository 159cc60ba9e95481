extension StreamingSource {
    /// Where the first table row that ends in `scalars[start..<end]` ends (just past its line
    /// break): a complete line with a pipe under a delimiter row in its run of pipe lines, the
    /// delimiter row included (it shows the header). A display buffer that waits for a table's
    /// columns to open for each row stops there, so nothing after the row shows before it does.
    package static func firstTableRowEnd(in scalars: [Unicode.Scalar], from start: Int, to end: Int) -> Int? {
        var lineEnd = scalars[start..<end].firstIndex(of: "\n")
        while let breakAt = lineEnd {
            if isTableLine(endingAt: breakAt, in: scalars) { return breakAt + 1 }
            lineEnd = scalars[(breakAt + 1)..<end].firstIndex(of: "\n")
        }
        return nil
    }

    /// Whether the line ending at `breakAt` has a pipe and a delimiter row stands at or above it
    /// in its run of pipe lines.
    private static func isTableLine(endingAt breakAt: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var lineEnd = breakAt
        while true {
            let lineStart = (scalars[..<lineEnd].lastIndex(of: "\n").map { $0 + 1 }) ?? 0
            let body = ContainerPrefix.strip(scalars[lineStart..<lineEnd])
            guard body.contains("|") else { return false }
            if isDelimiterRow(body) { return true }
            guard lineStart > 0 else { return false }
            lineEnd = lineStart - 1
        }
    }

    static func isDelimiterRow(_ body: some Collection<Unicode.Scalar>) -> Bool {
        body.contains("-") && body.allSatisfy { $0 == "-" || $0 == ":" || $0 == "|" || $0 == " " || $0 == "\t" }
    }
}
