/// What a piece of code is, as GitHub's Primer themes colour it ("prettylights": comment,
/// constant, entity, tag, keyword, string, variable, and Markdown's and diff's markup).
public enum TokenKind: String, Sendable, Hashable, CaseIterable, Codable {
    case comment, keyword, string, constant, entity, tag, variable
    case heading, emphasis, strong, inserted, deleted

    /// The kind a GtkSourceView style is drawn as: its shared styles (`def:keyword`), and the few a
    /// language draws without mapping them to one (diff's lines, XML's tags). nil: plain text,
    /// identifiers (GitHub leaves names plain), errors and warnings included (a half-typed line is not an error to show).
    init?(definitionStyle style: String) {
        switch style {
        case "def:comment", "def:shebang", "def:doc-comment", "def:doc-comment-element", "def:note", "def:thematic-break":
            self = .comment
        case "def:string", "def:character", "def:special-char", "def:inline-code", "def:preformatted-section",
            "def:link-destination", "def:net-address", "def:underlined", "def:link-text":
            self = .string
        // Types are mostly declaration words (`let`, `func`, `int`), which GitHub draws as keywords.
        case "def:keyword", "def:statement", "def:operator", "def:reserved", "def:preprocessor", "def:type":
            self = .keyword
        case "def:builtin", "def:constant", "def:number", "def:decimal", "def:floating-point", "def:base-n-integer",
            "def:complex", "def:special-constant", "def:boolean", "def:link-symbol":
            self = .constant
        case "def:function", "xml:attribute-name": self = .entity
        case "def:list-marker": self = .variable
        case "xml:element-name", "diff:location", "diff:diff-file": self = .tag
        case "def:heading", "def:heading0", "def:heading1", "def:heading2", "def:heading3", "def:heading4", "def:heading5",
            "def:heading6":
            self = .heading
        case "def:emphasis": self = .emphasis
        case "def:strong-emphasis": self = .strong
        case "def:insertion", "diff:added-line": self = .inserted
        case "def:deletion", "diff:removed-line": self = .deleted
        default: return nil
        }
    }
}
