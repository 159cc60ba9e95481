/// Citation chips in the parsed text: the client puts one mark (a private-use character, which
/// cmark-gfm keeps as text) where each chip stands, and each mark becomes its chip's label —
/// its number, or its source's domain — under a `.citation` span. A number is joined to the word
/// before by a no-break space, so it never starts a line alone; a domain pill, as wide as a word
/// or two, follows a space a line may break at, as ChatGPT's pill does. In code a mark is dropped.
enum CitationMarks {
    /// The first mark: chip `n` is this plus `n` (plane 16's private use area, far from the
    /// formulas' placeholders in plane 15).
    static let base: UInt32 = 0x10_0000

    /// The mark of chip `number`.
    static func mark(_ number: Int) -> Unicode.Scalar { Unicode.Scalar(base + UInt32(min(max(number, 0), 0xFFFD)))! }

    static func number(of scalar: Unicode.Scalar) -> Int? {
        scalar.value > base && scalar.value <= base + 0xFFFD ? Int(scalar.value - base) : nil
    }

    static func apply(_ groups: [TopLevelDraft], labels: [Int: String]) -> [TopLevelDraft] {
        groups.map { group in
            var marked = group
            marked.leaves = group.leaves.map { leaf in
                var leaf = leaf
                let inCode = leaf.kind.isCode || leaf.kind == .html
                leaf.content = chips(leaf.content, labels: labels, dropped: inCode)
                leaf.rows = leaf.rows.map { $0.map { chips($0, labels: labels, dropped: inCode) } }
                return leaf
            }
            return marked
        }
    }

    /// `content` with each mark replaced by its chip's label (or, `dropped`, by nothing).
    static func chips(_ content: StyledText, labels: [Int: String], dropped: Bool) -> StyledText {
        guard content.text.unicodeScalars.contains(where: { number(of: $0) != nil }) else { return content }
        var edits: [StyledText.Edit] = []
        var numbers: [Int] = []
        var byte = 0
        for scalar in content.text.unicodeScalars {
            let width = String(scalar).utf8.count
            defer { byte += width }
            guard let number = number(of: scalar) else { continue }
            guard !dropped else {
                edits.append(StyledText.Edit(bytes: byte..<(byte + width), text: "", style: nil))
                continue
            }
            // Narrow no-break spaces pad the label inside its chip.
            let label = "\u{202F}" + (labels[number] ?? String(number)) + "\u{202F}"
            let joiner = labels[number] == nil ? "\u{00A0}" : " "
            edits.append(
                StyledText.Edit(
                    bytes: byte..<(byte + width), text: joiner + label, style: nil,
                    inner: [TextSpan(bytes: joiner.utf8.count..<(joiner.utf8.count + label.utf8.count), style: .citation)]))
            numbers.append(number)
        }
        var result = content.applying(edits)
        result.citations = content.citations + numbers
        return result
    }
}
