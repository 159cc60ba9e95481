public import StreamshotCMark
import StreamshotStyle

/// cmark-gfm's inline nodes as the text a client shows, with its styles: emphasis, strong,
/// strikethrough, code, links (underlined), images (their alt text in a box; alone in their
/// paragraph, the pictures the team gave: `pictures(_:files:)`), raw HTML as GitHub draws it (`GitHubHTML`: `<b>` bold, `<br>`
/// a line break, unknown tags dropped, their text kept). Soft line breaks are kept as line
/// breaks, as chat clients show them.
public enum InlineRenderer {
    public static func render(_ nodes: [MarkdownNode]) -> StyledText {
        var builder = Builder()
        builder.append(nodes, style: [])
        return StyledText(builder.text, spans: builder.spans)
    }

    /// A paragraph of nothing but images the team has pictures of (and the spaces and line breaks
    /// between them) as those pictures: one object character each, a line apart; nil for any
    /// other paragraph (an image among words keeps its alt text in a box, as it is set on a line
    /// of text, whose pitch a picture would break).
    public static func pictures(_ nodes: [MarkdownNode], files: PictureFiles) -> StyledText? {
        guard !files.isEmpty else { return nil }
        var pictures: [InlinePicture] = []
        for node in nodes {
            switch node.kind {
            case .image(let url, _):
                guard let file = files.file(for: url) else { return nil }
                pictures.append(InlinePicture(address: url, alt: plainText(node.children), file: file))
            case .softBreak, .lineBreak: continue
            case .text(let literal) where literal.allSatisfy(\.isWhitespace): continue
            default: return nil
            }
        }
        guard !pictures.isEmpty else { return nil }
        var content = StyledText(Array(repeating: objectCharacter, count: pictures.count).joined(separator: "\n"))
        content.pictures = pictures
        return content
    }

    /// What stands for a picture in its block's text (U+FFFC OBJECT REPLACEMENT CHARACTER), as
    /// a formula's does.
    static let objectCharacter = "\u{FFFC}"

    /// Whether a link's text is its address (an autolink, a bare URL or e-mail address), not words.
    static func isAddress(_ text: String, url: String) -> Bool {
        guard !text.contains(" ") else { return false }
        return text == url || "mailto:" + text == url || "http://" + text == url || text.contains("://")
    }

    package static func plainText(_ nodes: [MarkdownNode]) -> String {
        nodes.map { node in
            switch node.kind {
            case .text(let literal), .code(let literal): return literal
            default: return plainText(node.children)
            }
        }.joined()
    }

    /// A block of raw HTML as GitHub shows it: its text (white space collapsed, character
    /// references decoded) styled by the allowlisted tags, a line where a block element closes or
    /// a `<br>` stands; a `<details>` without `open` shows its summary only, after a ▸ (◂ when the
    /// summary reads right to left: the triangle stands on its start side and points along it),
    /// an open one ▾. A summary shows once its first letter has come, so that the triangle is
    /// never drawn on one side and then the other. `detailsAlwaysOpen`: every one is drawn open
    /// (a client that ignores `open`: `MarkdownReading`).
    public static func renderHTMLBlock(_ html: String, detailsAlwaysOpen: Bool = false) -> StyledText {
        var builder = Builder()
        var details: [Bool] = []
        var hidden = 0
        /// Where the summary being read starts (its triangle), and whether its details is open.
        var marker: (offset: Int, open: Bool)?
        for piece in GitHubHTML.pieces(of: html) {
            guard piece.isTag else {
                if hidden == 0 { builder.addCollapsed(GitHubHTML.decodingEntities(piece.literal)) }
                continue
            }
            let name = GitHubHTML.tagName(piece.literal)
            let closing = piece.literal.hasPrefix("</")
            switch (name, closing) {
            case ("details", false):
                details.append(detailsAlwaysOpen || GitHubHTML.isOpen(piece.literal))
                if hidden > 0 { hidden += 1 }  // inside a closed one: hidden until it closes too
            case ("details", true):
                if hidden > 0 { hidden -= 1 }
                _ = details.popLast()
                if hidden == 0 { builder.endLine() }
            case ("summary", false) where hidden == 0:
                let open = details.last ?? false
                marker = (builder.text.utf8.count, open)
                builder.add(open ? "▾ " : "▸ ", [])
            case ("summary", true) where details.last == false && hidden == 0:
                if let summary = marker { builder.pointMarker(summary) }
                marker = nil
                builder.endLine()
                hidden = 1
            case ("summary", true) where hidden == 0:
                if let summary = marker { builder.pointMarker(summary) }
                marker = nil
                builder.endLine()
            default:
                guard hidden == 0 else { continue }
                if closing, GitHubHTML.blockElements.contains(name) { builder.endLine() } else { builder.apply(piece.literal, style: []) }
            }
        }
        // A summary still being typed: shown from its first letter on.
        if let summary = marker, !builder.pointMarker(summary) { builder.truncate(toUTF8: summary.offset) }
        let text = builder.text.trimmingTrailingNewlines
        let end = text.utf8.count
        let spans = builder.spans.compactMap { span -> TextSpan? in
            let bytes = span.bytes.clamped(to: 0..<end)
            return bytes.isEmpty ? nil : TextSpan(bytes: bytes, style: span.style)
        }
        return StyledText(text, spans: spans)
    }

    private struct Builder {
        var text = ""
        /// The last thing written is a `<br>`'s line break.
        var endsWithHTMLBreak = false

        /// Turns a closed summary's ▸ at `marker` to ◂ when the summary's first strong letter is
        /// right to left. - Returns: whether the summary has a strong letter.
        @discardableResult
        mutating func pointMarker(_ marker: (offset: Int, open: Bool)) -> Bool {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: marker.offset)
            guard let direction = text[start...].unicodeScalars.lazy.compactMap(ScriptClass.strongDirection).first else { return false }
            if direction == .rtl, !marker.open { text.replaceSubrange(start..<text.index(after: start), with: "◂") }
            return true
        }

        mutating func truncate(toUTF8 offset: Int) {
            text = String(text.utf8.prefix(offset))!
        }
        var spans: [TextSpan] = []
        /// Allowlisted HTML tags open here, innermost last: their styles reach the text until they close.
        var openTags: [(name: String, style: SpanStyle)] = []

        mutating func append(_ nodes: [MarkdownNode], style: SpanStyle) {
            for node in nodes { append(node, style: style) }
        }

        mutating func append(_ node: MarkdownNode, style: SpanStyle) {
            switch node.kind {
            case .text(let literal):
                // GitHub's emoji filter leaves code alone, raw HTML's `<code>`, `<tt>` and `<pre>` too.
                let inCode = openTags.contains { ["code", "tt", "pre"].contains($0.name) }
                add(inCode ? literal : EmojiShortcodes.replacing(in: literal), style)
            case .htmlInline(let literal): apply(literal, style: style)
            // A line's end right after `<br>` is white space in HTML, not a second break: GitHub
            // shows `one<br>` then `two` on the next line as two lines, not with an empty one between.
            case .softBreak where endsWithHTMLBreak: break
            case .softBreak, .lineBreak: add("\n", style)
            case .code(let literal): add(literal, style.union(.monospace))
            case .emphasis: append(node.children, style: style.union(.italic))
            case .strong: append(node.children, style: style.union(.bold))
            case .strikethrough: append(node.children, style: style.union(.strikethrough))
            case .link(let url, _):
                let isAddress = InlineRenderer.isAddress(InlineRenderer.plainText(node.children), url: url)
                append(node.children, style: style.union(isAddress ? [.underline, .url] : .underline))
            case .image: append(node.children, style: style.union(.boxed))
            default: append(node.children, style: style)
            }
        }

        /// One piece of raw HTML: a tag opens or closes a style, breaks the line, or is dropped;
        /// anything else reads as text.
        mutating func apply(_ literal: String, style: SpanStyle) {
            switch GitHubHTML.effect(of: literal) {
            case .open(let name, let tagStyle): openTags.append((name, tagStyle))
            case .close(let name): if let index = openTags.lastIndex(where: { $0.name == name }) { openTags.remove(at: index) }
            case .lineBreak:
                add("\n", style)
                endsWithHTMLBreak = true
            case .dropped: break
            case .text: add(literal, style)
            case .partlyText(let rest): add(rest, style)
            }
        }

        /// HTML text: runs of white space read as one space, none at a line's start.
        mutating func addCollapsed(_ piece: String) {
            var collapsed = ""
            for character in piece {
                if character.isWhitespace {
                    if !(collapsed.last == " " || (collapsed.isEmpty && (text.isEmpty || text.hasSuffix("\n") || text.hasSuffix(" ")))) {
                        collapsed.append(" ")
                    }
                } else {
                    collapsed.append(character)
                }
            }
            add(collapsed, [])
        }

        /// Ends the line unless it is already ended (or nothing is written yet).
        mutating func endLine() {
            while text.hasSuffix(" ") { text.removeLast() }
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        }

        mutating func add(_ piece: String, _ given: SpanStyle) {
            endsWithHTMLBreak = false
            let style = openTags.reduce(given) { $0.union($1.style) }
            let start = text.utf8.count
            text += piece
            if !style.isEmpty, text.utf8.count > start {
                spans.append(TextSpan(bytes: start..<text.utf8.count, style: style))
            }
        }
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
