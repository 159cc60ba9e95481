import Foundation

/// The words a reader sees of cmark-gfm's HTML once GitHub's sanitiser has passed it: elements
/// outside its allowlist (Fixtures/github-sanitizer-elements.txt) are removed with their text
/// kept, comments and declarations are dropped, a closed `<details>` shows only its `<summary>`,
/// an image its alt text (as Streamshot draws one), `<br>` a line break. White space runs count
/// as one space.
enum SanitizedText {
    static let allowlist: Set<String> = {
        let text = (try? String(contentsOfFile: GFMSpec.fixturePath("github-sanitizer-elements.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }()

    /// Elements whose ends separate words.
    private static let blocks: Set = [
        "p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
        "ul", "ol", "table", "hr", "dl", "dt", "dd", "figure", "figcaption", "caption"
    ]

    static func visible(_ html: String) -> String {
        var words = ""
        var hidden: [Bool] = []  // one entry per open <details>: whether its body is hidden
        var inSummary = 0
        var rest = html[...]
        var scanned = rest.startIndex
        while let open = rest[scanned...].firstIndex(of: "<") {
            guard let close = Self.end(ofMarkupAt: open, in: rest) else {
                scanned = rest.index(after: open)  // a `<` that starts no markup is text
                continue
            }
            if hidden.last != true || inSummary > 0 { words += HTMLShape.decode(String(rest[..<open])) }
            let body = rest[rest.index(after: open)..<close].dropLast()
            rest = rest[close...]
            scanned = rest.startIndex
            guard let name = Self.elementName(body), allowlist.contains(name) else { continue }
            let closing = body.hasPrefix("/")
            switch name {
            case "details": if closing { _ = hidden.popLast() } else { hidden.append(!body.contains(" open")) }
            case "summary": inSummary += closing ? -1 : 1
            case "br": words += "\n"
            case "img": words += HTMLShape.decode(Self.attribute("alt", in: String(body)) ?? "")
            default: if blocks.contains(name) { words += " " }
            }
        }
        if hidden.last != true { words += HTMLShape.decode(String(rest)) }
        return words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Past the `>` that ends the markup at `open`, as an HTML tokenizer reads it: a comment ends
    /// at its `-->`, a tag at its first `>` outside quoted attribute values, `<!`/`<?` at its
    /// first `>`; nil when `<` starts no markup (it is text) or nothing closes it. Written apart
    /// from `GitHubHTML.endOfMarkup` on purpose: the reference must not share the renderer's rule.
    private static func end(ofMarkupAt open: Substring.Index, in text: Substring) -> Substring.Index? {
        let rest = text[open...]
        if rest.hasPrefix("<!--") { return rest.range(of: "-->")?.upperBound }
        guard let next = rest.dropFirst().first else { return nil }
        if next == "!" || next == "?" { return rest.firstIndex(of: ">").map { text.index(after: $0) } }
        guard next.isLetter || next == "/" else { return nil }
        var quote: Character?
        for index in rest.indices {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return text.index(after: index)
            }
        }
        return nil
    }

    /// The lower-cased element name of a tag's body (`/b`, `b class="x"`), nil for comments and declarations.
    private static func elementName(_ body: Substring) -> String? {
        let name = body.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        return name.isEmpty ? nil : name
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=\"") else { return nil }
        return String(tag[range.upperBound...].prefix { $0 != "\"" })
    }
}
