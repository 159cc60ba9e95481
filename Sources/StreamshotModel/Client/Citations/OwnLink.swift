/// A citation the provider wrote into the text as a link of its own, as OpenAI's web search does
/// (`fifteen years ([manshurat.org](https://…?utm_source=openai)).`, its `url_citation` covering
/// the link): the chip or pill takes the link's place, its parentheses and the space before them,
/// as ChatGPT draws it, instead of standing after the sentence beside the link.
enum OwnLink {
    /// The text the chip replaces, when the cited words are one Markdown link in parentheses
    /// (the span covering the link, or the link and its parentheses); nil otherwise.
    static func region(citing span: Range<Int>, in scalars: ArraySlice<Unicode.Scalar>) -> Range<Int>? {
        guard span.lowerBound >= scalars.startIndex, span.upperBound <= scalars.endIndex, span.count >= 4 else { return nil }
        var region = span
        if scalars[region.lowerBound] == "(" && scalars[region.upperBound - 1] == ")" && scalars[region.upperBound - 2] == ")" {
            region = (region.lowerBound + 1)..<(region.upperBound - 1)
        }
        guard isLink(scalars[region]), region.lowerBound > scalars.startIndex, region.upperBound < scalars.endIndex,
            scalars[region.lowerBound - 1] == "(", scalars[region.upperBound] == ")"
        else { return nil }
        var start = region.lowerBound - 1
        if start > scalars.startIndex, scalars[start - 1] == " " { start -= 1 }
        return start..<(region.upperBound + 1)
    }

    /// `[label](destination)`: one link, its label without brackets, its destination without spaces.
    private static func isLink(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard text.first == "[", text.last == ")", let middle = text.firstIndex(of: "]"), middle + 1 < text.endIndex,
            text[middle + 1] == "("
        else { return false }
        let label = text[(text.startIndex + 1)..<middle]
        let destination = text[(middle + 2)..<(text.endIndex - 1)]
        return !label.isEmpty && !label.contains("[") && !destination.isEmpty && !destination.contains(where: { $0 == " " || $0 == "(" })
    }
}

extension OwnLink {
    /// The reveal held before a link in parentheses (`([`) until text after it has arrived (or
    /// the stream has ended): by then the provider has said whether it cites (its annotation
    /// comes right after the link), so a link that becomes a chip is never shown first.
    static func heldReveal(from revealed: Int, toward step: Int, in text: ArrivedText) -> Int {
        let scalars = text.scalars
        let step = min(step, scalars.count)
        guard step > revealed, !text.ended else { return step }
        // A link whose space before it is the last thing revealed is still held: the chip takes the space too.
        for index in max(revealed, 0)..<min(step + 1, scalars.count) where scalars[index] == "(" {
            let start = index > 0 && scalars[index - 1] == " " ? index - 1 : index
            guard start < step, !text.isInsideCode(index) else { continue }
            // The last character come is `(`: whether a link follows is not known yet.
            guard index + 1 < scalars.count else { return max(revealed, start) }
            guard scalars[index + 1] == "[" else { continue }
            switch close(ofLinkAt: index + 1, in: scalars) {
            case .notALink: continue
            case .closes(let end) where end < scalars.count: continue
            default: return max(revealed, start)
            }
        }
        return step
    }

    private enum Close {
        case notALink
        case notYet
        /// Just after the parentheses' `)`.
        case closes(Int)
    }

    /// Where `[label](destination))` from `start` ends, if it is one.
    private static func close(ofLinkAt start: Int, in scalars: [Unicode.Scalar]) -> Close {
        var index = start + 1
        // The label: up to 200 characters on one line, then `](`.
        while index < scalars.count, scalars[index] != "]" {
            if scalars[index] == "\n" || scalars[index] == "[" || index - start > 200 { return .notALink }
            index += 1
        }
        guard index + 1 < scalars.count else { return .notYet }
        guard scalars[index + 1] == "(" else { return .notALink }
        index += 2
        // The destination: no spaces, up to 2,000 characters, then `)`, then the parentheses' `)`.
        while index < scalars.count, scalars[index] != ")" {
            if scalars[index] == " " || scalars[index] == "\n" || index - start > 2200 { return .notALink }
            index += 1
        }
        guard index + 1 < scalars.count else { return .notYet }
        return scalars[index + 1] == ")" ? .closes(index + 2) : .notALink
    }
}
