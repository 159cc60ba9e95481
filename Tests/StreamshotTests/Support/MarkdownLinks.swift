import Foundation

/// The links and headings of a Markdown file, read as GitHub renders them closely enough to check
/// that every relative link leads somewhere: fenced code and code spans hold no links, a heading's
/// anchor is GitHub's slug of its text.
struct MarkdownDocument {
    struct Link: Equatable {
        let line: Int
        let target: String
        let isImage: Bool
    }

    let links: [Link]
    /// Addresses written out in the text (GitHub links them), outside code and link syntax.
    let bareURLs: [String]
    /// Every anchor GitHub gives the file's headings, in order, duplicates numbered (`-1`, `-2`).
    let anchors: [String]

    init(_ text: String) {
        let lines = text.components(separatedBy: "\n")
        let prose = Self.outsideFences(lines)
        anchors = Self.anchors(of: prose)
        links = Self.links(in: prose)
        bareURLs = Self.bareURLs(in: prose)
    }

    /// The lines outside fenced code blocks, with their 1-based line numbers.
    static func outsideFences(_ lines: [String]) -> [(number: Int, text: String)] {
        var fence: String?
        var kept: [(Int, String)] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let marker = String(trimmed.prefix { $0 == "`" || $0 == "~" })
            if let open = fence {
                if marker.count >= open.count, marker.first == open.first, trimmed.dropFirst(marker.count).allSatisfy(\.isWhitespace) {
                    fence = nil
                }
                continue
            }
            if marker.count >= 3, Set(marker).count == 1 {
                fence = marker
                continue
            }
            kept.append((index + 1, line))
        }
        return kept
    }

    static func anchors(of prose: [(number: Int, text: String)]) -> [String] {
        var seen: [String: Int] = [:]
        return prose.compactMap { line -> String? in
            guard let text = headingText(line.text) else { return nil }
            let slug = Self.slug(text)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            return count == 0 ? slug : "\(slug)-\(count)"
        }
    }

    /// An ATX heading's text (`## Text ##` gives `Text`), or nil for any other line.
    static func headingText(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// GitHub's anchor for a heading: its rendered text lowercased, every character that is not a
    /// letter, mark, number, space, `-` or `_` dropped, each space a `-`.
    static func slug(_ heading: String) -> String {
        let rendered = removingLinkTargets(heading).replacingOccurrences(of: "`", with: "")
            .replacingOccurrences(of: "*", with: "")
        var slug = ""
        for scalar in rendered.lowercased().unicodeScalars {
            if scalar == " " {
                slug += "-"
            } else if scalar == "-" || scalar == "_" || isWordScalar(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// `[text](target)` as its text, as a heading's anchor reads it.
    static func removingLinkTargets(_ text: String) -> String {
        text.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
    }

    static let linkPattern = try! NSRegularExpression(pattern: #"(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#)

    /// Inline links and images, outside code spans; a link's text may run across lines.
    static func links(in prose: [(number: Int, text: String)]) -> [Link] {
        let visible = blankingCodeSpans(prose.map { $0.text + "\n" }.joined()) as NSString
        return linkPattern.matches(in: visible as String, range: NSRange(location: 0, length: visible.length)).map { match in
            let target = visible.substring(with: match.range(at: 2))
            // Code spans keep their line breaks, so the breaks before the link count its line.
            let before = visible.substring(to: match.range.location)
            let number = prose[before.utf16.filter { $0 == 10 }.count].number
            return Link(line: number, target: target, isImage: match.range(at: 1).length > 0)
        }
    }

    static let bareURLPattern = try! NSRegularExpression(pattern: #"https?://[^\s<>()\[\]`]+"#)

    static func bareURLs(in prose: [(number: Int, text: String)]) -> [String] {
        let visible = blankingCodeSpans(prose.map { $0.text + "\n" }.joined())
        let text =
            linkPattern.stringByReplacingMatches(
                in: visible, range: NSRange(location: 0, length: (visible as NSString).length),
                withTemplate: " ") as NSString
        return bareURLPattern.matches(in: text as String, range: NSRange(location: 0, length: text.length)).map { match in
            String(text.substring(with: match.range).reversed().drop(while: { ".,;:".contains($0) }).reversed())
        }
    }

    /// The text with every code span's content replaced by spaces (the same length), so a link
    /// shown as code is not taken for one. A run of backticks closes only on a run as long.
    static func blankingCodeSpans(_ text: String) -> String {
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var open = index
            while open < characters.count, characters[open] == "`" { open += 1 }
            let length = open - index
            var search = open
            var close: Int?
            while search < characters.count, !Self.endsParagraph(characters, at: search) {
                guard characters[search] == "`" else {
                    search += 1
                    continue
                }
                var end = search
                while end < characters.count, characters[end] == "`" { end += 1 }
                if end - search == length {
                    close = search
                    break
                }
                search = end
            }
            guard let closing = close else {
                index = open
                continue
            }
            for position in open..<closing where characters[position] != "\n" { characters[position] = " " }
            index = closing + length
        }
        return String(characters)
    }

    /// A line break followed by a blank line: no code span runs past it.
    static func endsParagraph(_ characters: [Character], at index: Int) -> Bool {
        guard characters[index] == "\n" else { return false }
        var next = index + 1
        while next < characters.count, characters[next] == " " || characters[next] == "\t" { next += 1 }
        return next < characters.count && characters[next] == "\n"
    }
}
