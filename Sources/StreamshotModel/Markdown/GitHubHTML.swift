package import StreamshotStyle

/// Raw HTML in an answer as GitHub draws it: cmark-gfm passes it through (its tagfilter escapes
/// nine tags), then GitHub's sanitiser keeps an allowlist of elements and drops the rest, keeping
/// their text. So `<b>١٢٬٥٠٠ درهم</b>` is bold, `<br>` breaks the line (in a table cell too),
/// `<span>` and unknown tags vanish with their text kept, and `<script>` reads as text.
package enum GitHubHTML {
    /// What one tag does to the text around it.
    enum Effect: Equatable, Sendable {
        /// An opening tag: the text after it takes `style` until the tag closes.
        case open(String, SpanStyle)
        case close(String)
        case lineBreak
        /// Dropped up to its first `>`, the rest shown as text (a CDATA section, as HTML reads it).
        case partlyText(String)
        /// The tag, a comment or a declaration is dropped (its text, between tags, is kept).
        case dropped
        /// The literal is shown as text (cmark-gfm's tagfilter, or something that is not a tag).
        case text
    }

    /// cmark-gfm's tagfilter: these are escaped and read as text on GitHub.
    package static let filtered: Set = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]

    /// The inline styles of the allowlisted elements GitHub draws differently from plain text
    /// (its sanitiser, html-pipeline's `SanitizationFilter`, also keeps `div`, `span`, `p`,
    /// `details`, tables, lists…, whose inline text here reads as plain).
    package static let styles: [String: SpanStyle] = [
        "b": .bold, "strong": .bold,
        "i": .italic, "em": .italic, "cite": .italic, "dfn": .italic, "var": .italic,
        "s": .strikethrough, "strike": .strikethrough, "del": .strikethrough,
        "ins": .inserted, "a": .underline,
        "code": .monospace, "kbd": .monospace, "tt": .monospace, "samp": .monospace,
        "sup": .superscript, "sub": .subscript, "mark": .highlight
    ]

    /// Elements that end a line where they close, in a block of raw HTML.
    static let blockElements: Set = [
        "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol",
        "table", "dl", "dt", "dd", "summary", "details", "figure", "figcaption", "caption", "hr"
    ]

    /// What `literal`, one piece of raw inline HTML as cmark-gfm reports it, does.
    static func effect(of literal: String) -> Effect {
        let scalars = Array(literal.unicodeScalars)
        guard scalars.count >= 3, scalars.first == "<", scalars.last == ">" else { return .text }
        if literal.hasPrefix("<![CDATA["), let end = literal.firstIndex(of: ">"), literal.index(after: end) < literal.endIndex {
            // HTML (and so GitHub's sanitiser) reads `<![CDATA[` as a comment up to its first `>`.
            return .partlyText(String(literal[literal.index(after: end)...]))
        }
        if scalars[1] == "!" || scalars[1] == "?" { return .dropped }  // comment, declaration, instruction
        let closing = scalars[1] == "/"
        let name = String(
            String.UnicodeScalarView(scalars.dropFirst(closing ? 2 : 1).prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        )
        .lowercased()
        guard !name.isEmpty else { return .text }
        if filtered.contains(name) { return .text }
        if name == "br" { return closing ? .dropped : .lineBreak }
        guard let style = styles[name] else { return .dropped }
        let selfClosing = scalars.dropLast().last == "/"
        if closing { return .close(name) }
        return selfClosing ? .dropped : .open(name, style)
    }

    /// A block of raw HTML split into its tags and the text between them, in order.
    package static func pieces(of html: String) -> [(literal: String, isTag: Bool)] {
        var pieces: [(String, Bool)] = []
        var text = ""
        var index = html.startIndex
        // Once no `>` follows a `<`, none follows a later one: the rest is text (no rescans).
        var closersLeft = true
        while index < html.endIndex {
            if html[index] == "<", closersLeft,
                let end = endOfMarkup(at: index, in: html)
                    ?? {
                        closersLeft = false
                        return nil
                    }()
            {
                let tag = String(html[index...end])
                // A filtered tag (`<script>`) stays in the text, shown as written.
                if effect(of: tag) != .text {
                    if !text.isEmpty { pieces.append((text, false)) }
                    text = ""
                    pieces.append((tag, true))
                    index = html.index(after: end)
                    continue
                }
            }
            text.append(html[index])
            index = html.index(after: index)
        }
        if !text.isEmpty { pieces.append((text, false)) }
        return pieces
    }

    /// The `>` that ends the markup starting at `start`: a comment's `-->`, a tag's first `>`
    /// outside its quoted attribute values, any other's first `>`.
    package static func endOfMarkup(at start: String.Index, in html: String) -> String.Index? {
        let rest = html[start...]
        if rest.hasPrefix("<!--") { return rest.range(of: "-->").map { html.index(before: $0.upperBound) } }
        guard rest.dropFirst().first.map({ $0.isLetter || $0 == "/" }) == true else { return rest.firstIndex(of: ">") }
        var quote: Character?
        for index in rest.indices {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
        }
        return nil
    }

    static func tagName(_ tag: String) -> String {
        String(tag.drop { $0 == "<" || $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
    }

    /// The few character references raw HTML text carries, decoded (`&amp;`, `&lt;`, `&#1633;`…).
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semi])
                let number =
                    name.hasPrefix("#x") || name.hasPrefix("#X")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let value = named[name] ?? number.flatMap(Unicode.Scalar.init).map({ String($0) }) {
                    out += value
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        return out + rest
    }

    /// The first `limit` characters of raw HTML a reader sees, its tags, comments and line breaks
    /// left out: what a block of HTML's direction is read from (`<details>` is no English word).
    package static func visibleText(_ source: ArraySlice<Unicode.Scalar>, limit: Int) -> [Unicode.Scalar] {
        var visible: [Unicode.Scalar] = []
        var index = source.startIndex
        while index < source.endIndex, visible.count < limit {
            let scalar = source[index]
            if scalar == "<", let next = source[(index + 1)...].first, next.properties.isAlphabetic || next == "/" || next == "!" {
                // A tag still being typed hides the rest, as it will once its `>` comes.
                guard let end = source[index...].firstIndex(of: ">") else { break }
                index = end + 1
                continue
            }
            if scalar != "\n" { visible.append(scalar) }
            index += 1
        }
        return visible
    }

    /// Whether a `<details …>` tag carries the `open` attribute (not merely the word, as in `class="opener"`).
    package static func isOpen(_ tag: String) -> Bool {
        var inQuote: Character?
        var word = ""
        for character in tag.dropFirst().lowercased() {
            if let quote = inQuote {
                if character == quote { inQuote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                inQuote = character
            } else if character.isLetter {
                word.append(character)
                continue
            }
            if word == "open" { return true }
            word = ""
        }
        return word == "open"
    }
}
