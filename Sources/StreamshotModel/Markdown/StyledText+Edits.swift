extension StyledText {
    /// One replacement in a styled text: `bytes` of the old text become `text`, styled `style` (if any).
    struct Edit {
        var bytes: Range<Int>
        var text: String
        var style: SpanStyle?
        /// Spans inside the replacement, in bytes from its start.
        var inner: [TextSpan] = []
    }

    /// The text with `edits` (in order, not overlapping) made; spans after an edit move with it,
    /// one reaching into an edit ends at or starts from its replacement's edge. Formulas and
    /// pictures stay as they are (their spans move).
    func applying(_ edits: [Edit]) -> StyledText {
        guard !edits.isEmpty else { return self }
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        var added: [TextSpan] = []
        var cursor = 0
        var moves: [(at: Int, removed: Int, added: Int)] = []
        for edit in edits {
            out += utf8[cursor..<edit.bytes.lowerBound]
            let start = out.count
            out += Array(edit.text.utf8)
            if let style = edit.style, out.count > start { added.append(TextSpan(bytes: start..<out.count, style: style)) }
            added += edit.inner.map { TextSpan(bytes: ($0.bytes.lowerBound + start)..<($0.bytes.upperBound + start), style: $0.style) }
            moves.append((edit.bytes.lowerBound, edit.bytes.count, edit.text.utf8.count))
            cursor = edit.bytes.upperBound
        }
        out += utf8[cursor...]
        func map(_ offset: Int) -> Int {
            var delta = 0
            for move in moves {
                if offset >= move.at + move.removed {
                    delta += move.added - move.removed
                } else if offset > move.at {
                    return move.at + delta + min(offset - move.at, move.added)
                } else {
                    break
                }
            }
            return offset + delta
        }
        let moved = spans.compactMap { span -> TextSpan? in
            let bytes = map(span.bytes.lowerBound)..<map(span.bytes.upperBound)
            return bytes.isEmpty ? nil : TextSpan(bytes: bytes, style: span.style, color: span.color)
        }
        var result = StyledText(String(decoding: out, as: UTF8.self), spans: moved + added)
        result.formulas = formulas
        result.formulaErrors = formulaErrors
        result.citations = citations
        result.pictures = pictures
        return result
    }
}
