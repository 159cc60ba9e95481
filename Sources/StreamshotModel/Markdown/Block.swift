public import StreamshotStyle

/// The kind of a leaf Markdown block (the blocks that hold text). Once a block is shown its kind
/// never changes. List items and block quotes are containers (`BlockContainer`), not blocks.
public enum BlockKind: Equatable, Hashable, Sendable {
    case paragraph
    case heading(level: Int)
    case code(language: String)
    case thematicBreak
    case table
    /// Raw HTML: shown as its text, never interpreted.
    case html
    /// Not from the text: what a client shows when the stream failed before any text arrived.
    case notice
    /// A formula of its own, in display style (`$$…$$` or `\[…\]` alone in its paragraph, a
    /// `math` fence): centred, its own block.
    case formula
    /// Pictures of their own: a paragraph of nothing but images whose files the team gave
    /// (`PictureFiles`), each drawn fitted to the column, one under another.
    case picture
    /// Not from the text: the room a tool call's card keeps in the answer's flow, where the model
    /// made the call after its answer started (`FlowCards`); the card is drawn there as an overlay.
    case toolCard

    /// The kind without its details, as the manifest names it.
    public typealias Name = BlockKindName

    /// The manifest's name for the kind.
    public var name: Name {
        switch self {
        case .paragraph: return .paragraph
        case .heading: return .heading
        case .code: return .code
        case .thematicBreak: return .thematicBreak
        case .table: return .table
        case .html: return .html
        case .notice: return .notice
        case .formula: return .formula
        case .picture: return .picture
        case .toolCard: return .toolCard
        }
    }

    public var isCode: Bool {
        if case .code = self { return true }
        return false
    }
}

/// A list item or block quote that holds blocks.
public struct BlockContainer: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        /// `number` is nil for bullets; `index` counts the list's items from 0; `checked` is nil
        /// unless it is a task item; `tight` is the list's spacing (GitHub sets a tight list's
        /// items closer together).
        case listItem(number: Int?, index: Int, checked: Bool?, tight: Bool)
        case blockQuote
    }

    public var kind: Kind
    /// Stable for the rest of the render, never reused; its own id space, apart from blocks'.
    public var id: Int
    /// List items only: how many list items contain this one.
    public var depth: Int
    /// List items only: the list they belong to, named by its first item's id (a list's
    /// direction is decided once for all its items).
    public var list: Int?
    /// Whether the block it is listed on is the container's first (where a list marker goes).
    public var startsHere: Bool
    /// Block quotes only: the GitHub alert it is (`> [!WARNING]`), drawn in the alert's colour.
    public var alert: Alert?

    public init(kind: Kind, id: Int, depth: Int = 0, list: Int? = nil, startsHere: Bool) {
        self.kind = kind
        self.id = id
        self.depth = depth
        self.list = list
        self.startsHere = startsHere
    }
}

/// A table column's alignment from its delimiter row (`:--`, `--:`, `:-:`); nil means start.
public enum ColumnAlignment: String, Sendable, Equatable {
    case left, right, center
}

/// Text with inline styles, as a block or a table cell shows it.
public struct StyledText: Equatable, Hashable, Sendable {
    public var text: String
    public var spans: [TextSpan]
    /// The formulas its `.math` spans stand for, in the order of those spans.
    public var formulas: [InlineFormula] = []
    /// Formulas that could not be read, shown as written in code style.
    public var formulaErrors: [FormulaError] = []
    /// The citation chips its `.citation` spans are, by number, in the order of those spans.
    public var citations: [Int] = []
    /// A picture block's pictures, in the order of its object characters (one a line).
    public var pictures: [InlinePicture] = []

    public init(_ text: String, spans: [TextSpan] = []) {
        self.text = text
        self.spans = spans
    }
}

/// A formula in a block's text, typeset where its `.math` span's object character stands.
public struct InlineFormula: Hashable, Sendable {
    /// Its TeX, without delimiters.
    public var tex: String
    /// Set in display style (`$$…$$`, `\[…\]`, a `math` fence).
    public var display: Bool
    /// As written, delimiters included (the manifest lists it).
    public var written: String
    /// Which of its pieces this is: an inline formula is set as pieces a line may break between
    /// (`MathNode.lineBreakPieces`), each an object of its own.
    public var piece: Int

    public init(tex: String, display: Bool, written: String, piece: Int = 0) {
        self.tex = tex
        self.display = display
        self.written = written
        self.piece = piece
    }
}

/// An answer's image drawn from a file the team gave (`PictureFiles`): one of a picture block's.
public struct InlinePicture: Hashable, Sendable {
    /// The image's address as the answer wrote it.
    public var address: String
    /// Its alt text: what a reader of the page without pictures is told it shows.
    public var alt: String
    public var file: PictureFile

    public init(address: String, alt: String, file: PictureFile) {
        self.address = address
        self.alt = alt
        self.file = file
    }
}

/// A formula shown as written because it could not be read.
public struct FormulaError: Hashable, Sendable {
    public var written: String
    /// Why, and where in its TeX.
    public var message: String
}

/// A leaf Markdown block with a stable id, inside its containers.
public struct Block: Equatable, Sendable {
    public var id: Int
    public var kind: BlockKind
    /// What the block shows: inline Markdown applied (code: its text, without its containers' indentation).
    public var content: StyledText
    /// Table cells, header row first (tables only).
    public var rows: [[StyledText]]
    public var columnAlignments: [ColumnAlignment?]
    /// The containers the block sits in, outermost first.
    public var containers: [BlockContainer]
    /// No more text will be added to this block.
    public var isFinished: Bool
    /// Offset (in Unicode scalars of the whole text) of the block's first line.
    public var sourceStart: Int
    /// Offset of the first character of content, after the markers of the block and its containers.
    public var contentStart: Int
    /// The label of the footnote definition it belongs to (it is shown in the footnotes section;
    /// the section's rule has the empty label).
    public var footnote: String?
    /// The first leaf of its footnote definition.
    var startsFootnote = false
    /// Not shown: inside a closed `<details>`, or raw HTML with no text (`</details>` alone).
    package var hidden = false

    public init(
        id: Int, kind: BlockKind, content: StyledText, rows: [[StyledText]] = [], columnAlignments: [ColumnAlignment?] = [],
        containers: [BlockContainer] = [], isFinished: Bool, sourceStart: Int, contentStart: Int
    ) {
        self.id = id
        self.kind = kind
        self.content = content
        self.rows = rows
        self.columnAlignments = columnAlignments
        self.containers = containers
        self.isFinished = isFinished
        self.sourceStart = sourceStart
        self.contentStart = contentStart
    }
}
