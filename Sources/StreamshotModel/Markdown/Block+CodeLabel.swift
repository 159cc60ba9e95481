extension Block {
    /// The label a code block is headed with: its fence's language as written (`python`, `json`,
    /// `sh`), as the chat apps head their code blocks, at most 24 characters; nil for a fence
    /// without one, an indented block, or any other block.
    public var codeLabel: String? {
        guard case .code(let language) = kind, !language.isEmpty else { return nil }
        return String(language.prefix(24))
    }
}
