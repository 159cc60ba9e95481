/// The kind of a Markdown block. Once a block is shown its kind never changes.
public enum BlockKind: Equatable, Hashable, Sendable {
    case paragraph
    case heading(level: Int)
    /// `number` is nil for bullets; `depth` is the nesting level (0 = top).
    case listItem(number: Int?, depth: Int)
    case blockQuote
    case code(language: String)
    case thematicBreak
    case table
    /// Not from the text: what a client shows when the stream failed before any text arrived.
    case notice

    /// The kind without its details, as the manifest names it.
    public enum Name: String, Codable, Sendable, CaseIterable {
        case paragraph, heading, listItem, blockQuote, code, thematicBreak, table, notice
    }

    /// The manifest's name for the kind.
    public var name: Name {
        switch self {
        case .paragraph: return .paragraph
        case .heading: return .heading
        case .listItem: return .listItem
        case .blockQuote: return .blockQuote
        case .code: return .code
        case .thematicBreak: return .thematicBreak
        case .table: return .table
        case .notice: return .notice
        }
    }

    public var isCode: Bool {
        if case .code = self { return true }
        return false
    }
}

/// A table column's alignment from its delimiter row (`:--`, `--:`, `:-:`); nil means start.
public enum ColumnAlignment: String, Sendable, Equatable {
    case left, right, center
}

/// A parsed Markdown block with a stable id.
public struct Block: Equatable, Sendable {
    public var id: Int
    public var kind: BlockKind
    /// The block's content with block markers removed, lines joined by "\n" (inline
    /// Markdown still in it). For tables, the rows' raw lines.
    public var content: String
    /// Table cells, header row first (tables only).
    public var rows: [[String]]
    public var columnAlignments: [ColumnAlignment?]
    /// No more text will be added to this block.
    public var isFinished: Bool
    /// Offset (in Unicode scalars of the whole text) of the block's first line.
    public var sourceStart: Int
    /// Offset of the first character of content, after the block marker.
    public var contentStart: Int

    public init(id: Int, kind: BlockKind, content: String, rows: [[String]] = [], columnAlignments: [ColumnAlignment?] = [],
                isFinished: Bool, sourceStart: Int, contentStart: Int) {
        self.id = id
        self.kind = kind
        self.content = content
        self.rows = rows
        self.columnAlignments = columnAlignments
        self.isFinished = isFinished
        self.sourceStart = sourceStart
        self.contentStart = contentStart
    }
}
