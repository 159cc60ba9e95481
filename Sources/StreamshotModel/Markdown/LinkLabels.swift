/// The labels text may use as link references: the content of every innermost `[…]` pair
/// (a label holds no unescaped bracket, so a reference's label is always one), case-folded
/// with its whitespace collapsed as `DefinitionLine` folds a definition's. A superset of the
/// labels really used (any bracketed words count): cmark-gfm decides what links.
enum LinkLabels {
    package static func used(in text: ArraySlice<Unicode.Scalar>) -> Set<String> {
        var found: Set<String> = []
        var open: Int?
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "\\": index += 1  // an escaped bracket is no bracket
            case "[": open = index
            case "]":
                if let start = open, start + 1 < index {
                    let words = StreamingSource.string(text[(start + 1)..<index]).split(whereSeparator: \.isWhitespace)
                    if !words.isEmpty { found.insert(words.joined(separator: " ").lowercased()) }
                }
                open = nil
            default: break
            }
            index += 1
        }
        return found
    }
}
