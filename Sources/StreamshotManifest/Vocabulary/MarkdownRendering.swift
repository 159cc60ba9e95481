/// Whether a client renders the answer's Markdown, or shows the text as it came: a client's
/// decision, made in the client model, which hands layout the blocks to draw either way.
public enum MarkdownRendering: String, Sendable, CaseIterable {
    /// GitHub's Markdown, parsed by cmark-gfm under the streaming splitter.
    case github
    /// No Markdown: the answer is one text, `## `, `**`, `- ` and pipes shown as they are
    /// (shared/seeds/003: `Text(AttributedString(newContent))`, and `AttributedString(String)`
    /// parses no Markdown), with each closed ``` region shaded, fences included (the note's
    /// `applySyntaxHighlighting`: ```` ```[\s\S]*?``` ```` gets `Color.gray.opacity(0.1)`).
    case none
}
