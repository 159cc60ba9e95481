/// Where highlighting stands between two lines: the contexts open, innermost last (a string or a
/// comment left open colours the next line). A line's colours depend on it and the line alone,
/// so a line once highlighted from a state is not highlighted again (`CodeHighlighter`).
public struct HighlightState: Hashable, Sendable {
    struct Frame: Hashable, Sendable {
        var rule: Int
        /// The end pattern, the start's text in it where it refers to the start (nil: none).
        var end: Rule.Pattern? = nil
        /// The style inside (its own, or its parent's showing through).
        var style: String? = nil
        /// Its once-only children that have occurred.
        var used: [Int] = []
        /// Where on the line it opened (-1: on an earlier line).
        var start = -1
        /// Referenced with `ignore-style`: nothing inside it takes a style of its own.
        var ignoresStyles = false
    }

    var frames: [Frame]

    /// Before the first line: only the language's own context is open.
    init(root: Int) { frames = [Frame(rule: root)] }

    /// Whether nothing but the language's own context is open (no string or comment runs on).
    public var isAtTopLevel: Bool { frames.count == 1 }
}

/// A run of a line's bytes and what they are.
public struct TokenRun: Hashable, Sendable {
    public var bytes: Range<Int>
    public var kind: TokenKind

    public init(bytes: Range<Int>, kind: TokenKind) {
        self.bytes = bytes
        self.kind = kind
    }
}
