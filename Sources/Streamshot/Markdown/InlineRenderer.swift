public import StreamshotCMark
import StreamshotGraphics

/// cmark-gfm's inline nodes as the text a client shows, with its styles: emphasis, strong,
/// strikethrough, code, links (underlined), images (their alt text in a box), raw HTML as text.
/// Soft line breaks are kept as line breaks, as chat clients show them.
public enum InlineRenderer {
    public static func render(_ nodes: [MarkdownNode]) -> StyledText {
        var builder = Builder()
        builder.append(nodes, style: [])
        return StyledText(builder.text, spans: builder.spans)
    }

    /// Whether a link's text is its address (an autolink, a bare URL or e-mail address), not words.
    static func isAddress(_ text: String, url: String) -> Bool {
        guard !text.contains(" ") else { return false }
        return text == url || "mailto:" + text == url || "http://" + text == url || text.contains("://")
    }

    static func plainText(_ nodes: [MarkdownNode]) -> String {
        nodes.map { node in
            switch node.kind {
            case .text(let literal), .code(let literal): return literal
            default: return plainText(node.children)
            }
        }.joined()
    }

    private struct Builder {
        var text = ""
        var spans: [TextSpan] = []

        mutating func append(_ nodes: [MarkdownNode], style: SpanStyle) {
            for node in nodes { append(node, style: style) }
        }

        mutating func append(_ node: MarkdownNode, style: SpanStyle) {
            switch node.kind {
            case .text(let literal), .htmlInline(let literal): add(literal, style)
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

        mutating func add(_ piece: String, _ style: SpanStyle) {
            let start = text.utf8.count
            text += piece
            if !style.isEmpty, text.utf8.count > start {
                spans.append(TextSpan(bytes: start..<text.utf8.count, style: style))
            }
        }
    }
}
