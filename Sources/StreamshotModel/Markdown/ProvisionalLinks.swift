/// A full or collapsed link reference (`[text][label]`, `[text][]`) whose definition has not
/// arrived: while the answer streams it is read as a link (its text, no brackets), as it will be
/// once the definition comes — usually at the answer's end. Read as written instead, the reader
/// saw «[text][label]» turn into «text» when the definition arrived: words already read changed.
/// Only a whole answer with the definition still missing shows the brackets, as GitHub does; a
/// cut one keeps the links it showed. A shortcut (`[text]` alone) is not one of these: plain
/// bracketed words are common and most never become links.
package enum ProvisionalLinks {
    /// A definition line (`[label]: #`) for each full or collapsed reference in `text` whose
    /// label is not in `defined` (labels folded as `DefinitionLine.label` folds them).
    static func definitions(for text: ArraySlice<Unicode.Scalar>, defined: Set<String>) -> [(label: String, line: String)] {
        var seen: Set<String> = []
        return references(in: text).compactMap { written in
            let label = fold(written)
            guard !label.isEmpty, !defined.contains(label), seen.insert(label).inserted else { return nil }
            return (label, "[\(written)]: #")
        }
    }

    /// The labels of full and collapsed references, as written: the second bracket's words, or
    /// the first's when the second is empty. A label holds no unescaped bracket.
    static func references(in text: ArraySlice<Unicode.Scalar>) -> [String] {
        var found: [String] = []
        var open: Int?
        var previous: (start: Int, end: Int)?
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "\\": index += 1
            case "[": open = index
            case "]":
                if let start = open {
                    if let first = previous, first.end + 1 == start {
                        let label = start + 1 == index ? text[(first.start + 1)..<first.end] : text[(start + 1)..<index]
                        found.append(StreamingSource.string(label))
                    }
                    previous = (start, index)
                }
                open = nil
            default: break
            }
            index += 1
        }
        return found
    }

    private static func fold(_ label: String) -> String {
        label.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
