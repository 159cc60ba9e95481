/// How a client colours code: not at all, or token by token as GitHub does (its Primer themes'
/// syntax colours, from the fence's language).
public enum CodeHighlighting: String, Sendable, CaseIterable {
    /// One colour, as a text view or a Markdown view without a highlighter shows code.
    case none
    /// Keywords, strings, comments, numbers, names… in GitHub's colours, light or dark
    /// (Streamshot's reference, as GitHub and the chat apps show code).
    case primer
}
