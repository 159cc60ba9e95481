import Foundation

/// The bodies of the `<details>` an answer leaves closed, read from its source with the judge's
/// own scan (no renderer's parsing): GitHub draws a closed one as its summary alone, so a reader
/// who sees a line of its body sees what the answer hid. Judged by words, not characters: a body
/// line's first words, as a renderer would show them (markup and tags gone), found in a block's
/// shown text, when those words appear nowhere else in the answer.
struct ClosedDetails {
    /// One closed `<details>`: its summary's words, and the body lines a reader should not see,
    /// each as the few words that identify it.
    struct Body {
        var summary: String
        var probes: [String]
    }

    let bodies: [Body]

    /// How many words a body line needs to be recognised by (fewer match by chance), and how many identify it.
    private static let minimumWords = 4
    private static let probeWords = 6

    init(source: String) {
        let code = RawSyntax.code(in: source)
        let tags = Self.tags(in: source).filter { tag in
            !code.contains { $0.startIndex <= tag.range.lowerBound && tag.range.upperBound <= $0.endIndex }
        }
        let hidden = Self.closedBodies(source, tags: tags)
        var outside = ""
        var from = source.startIndex
        for body in hidden {
            outside += source[from..<body.range.lowerBound] + "\n"
            from = body.range.upperBound
        }
        outside += source[from...]
        let elsewhere = Self.words(outside).joined(separator: " ")
        bodies = hidden.compactMap { body in
            let probes = source[body.range].split(separator: "\n").compactMap { line -> String? in
                let words = Self.words(String(line))
                guard words.count >= Self.minimumWords else { return nil }
                let probe = words.prefix(Self.probeWords).joined(separator: " ")
                return elsewhere.contains(probe) ? nil : probe
            }
            return probes.isEmpty ? nil : Body(summary: body.summary, probes: probes)
        }
    }

    /// The first of `body`'s lines that `shown` (a block's text) holds, if any.
    static func shownProbe(_ body: Body, in shown: String) -> String? {
        let text = words(shown).joined(separator: " ")
        return body.probes.first { text.contains($0) }
    }

    /// A text's words as a reader sees them: link targets and tags dropped, then runs of letters
    /// and digits, lowercased.
    static func words(_ text: String) -> [String] {
        let visible = text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
            .replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        return visible.split { !($0.isLetter || $0.isNumber) }.map { $0.lowercased() }
    }

    private struct Tag {
        var name: String
        var closing: Bool
        var open: Bool
        var range: Range<String.Index>
    }

    /// `<details…>`, `</details>`, `<summary…>` and `</summary>` in the source, in order.
    private static func tags(in source: String) -> [Tag] {
        var found: [Tag] = []
        var from = source.startIndex
        while let range = source.range(
            of: #"</?(details|summary)\b[^>]*>"#, options: [.regularExpression, .caseInsensitive],
            range: from..<source.endIndex)
        {
            let literal = source[range].lowercased()
            let closing = literal.hasPrefix("</")
            let name = literal.dropFirst(closing ? 2 : 1).hasPrefix("details") ? "details" : "summary"
            let open = !closing && name == "details" && literal.range(of: #"\sopen(\s|=|>|/)"#, options: .regularExpression) != nil
            found.append(Tag(name: name, closing: closing, open: open, range: range))
            from = range.upperBound
        }
        return found
    }

    /// The body of each `<details>` without `open`: from its summary's end (or its opening tag's,
    /// with no summary) to its `</details>`, or to the text's end when it never closed.
    private static func closedBodies(_ source: String, tags: [Tag]) -> [(summary: String, range: Range<String.Index>)] {
        var stack: [(open: Bool, bodyStart: String.Index, summaryStart: String.Index?, summary: String)] = []
        var bodies: [(summary: String, range: Range<String.Index>)] = []
        for tag in tags {
            switch (tag.name, tag.closing) {
            case ("details", false):
                stack.append((tag.open, tag.range.upperBound, nil, ""))
            case ("summary", false) where !stack.isEmpty:
                stack[stack.count - 1].summaryStart = tag.range.upperBound
            case ("summary", true) where !stack.isEmpty:
                if let start = stack[stack.count - 1].summaryStart, start <= tag.range.lowerBound {
                    stack[stack.count - 1].summary = words(String(source[start..<tag.range.lowerBound])).joined(separator: " ")
                }
                stack[stack.count - 1].bodyStart = tag.range.upperBound
            case ("details", true) where !stack.isEmpty:
                let details = stack.removeLast()
                if !details.open { bodies.append((details.summary, details.bodyStart..<tag.range.lowerBound)) }
            default:
                continue
            }
        }
        // Never closed (the stream was cut): the body runs to the end, hidden all the same.
        for details in stack where !details.open { bodies.append((details.summary, details.bodyStart..<source.endIndex)) }
        // Outermost only: an inner one's body is inside its outer one's.
        let sorted = bodies.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return sorted.reduce(into: []) { kept, body in
            if let last = kept.last, last.range.contains(body.range.lowerBound) { return }
            kept.append(body)
        }
    }
}
