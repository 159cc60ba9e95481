/// A node of a Markdown document as GitHub's parser (cmark-gfm) reads it: a plain Swift value,
/// so nothing outside this module sees a C type.
public struct MarkdownNode: Equatable, Sendable {
    /// A table column's alignment from its delimiter row.
    public enum ColumnAlignment: String, Equatable, Sendable {
        case left, center, right
    }

    public enum Kind: Equatable, Sendable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        /// A list item; `taskChecked` is nil unless it is a task list item (`- [ ]`, `- [x]`).
        case item(taskChecked: Bool?)
        case codeBlock(info: String, literal: String, fenced: Bool)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [ColumnAlignment?])
        case tableRow(isHeader: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(url: String, title: String)
        case image(url: String, title: String)
        /// Something this wrapper does not know (a future extension): its cmark type name.
        case other(String)
    }

    public var kind: Kind
    public var children: [MarkdownNode]
    /// Where the node's source starts and ends: 1-based lines of the parsed text.
    public var startLine: Int
    public var endLine: Int

    public init(kind: Kind, children: [MarkdownNode] = [], startLine: Int = 0, endLine: Int = 0) {
        self.kind = kind
        self.children = children
        self.startLine = startLine
        self.endLine = endLine
    }
}
