/// A problem found in the input or while rendering that did not stop the render.
public struct RenderWarning: Equatable, Sendable, Codable {
    /// What kind of problem, as the manifest names it.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case invalidUTF8 = "invalid-utf8"
        case badLine = "bad-line"
        case badEvent = "bad-event"
        case missingTime = "missing-time"
        case timeGoesBack = "time-goes-back"
        case unterminatedEvent = "unterminated-event"
        case missingDone = "missing-done"
        case rewrite
        case streamError = "stream-error"
        case reconnect
        /// A bidi embedding, override or isolate control in the text (Trojan Source).
        case bidiControl = "bidi-control"
        /// A character no bundled font covers, drawn as a hex box.
        case missingGlyph = "missing-glyph"
        /// A formula whose TeX cannot be read, shown as written in code style.
        case mathError = "math-error"
        /// A `: t=` stamp that is not a time in milliseconds; ignored.
        case badStamp = "bad-stamp"
        /// Text that arrived after the stream's `done` or `error`; not shown.
        case afterEnd = "after-end"
        /// U+0000 in the text, shown as U+FFFD.
        case nulCharacter = "nul-character"
        /// A line longer than `StreamLimits.maxLineChars`; the rest of it is not shown.
        case lineTooLong = "line-too-long"
        /// A code block longer than `StreamLimits.maxCodeBlockChars`; the rest of it is not shown.
        case codeBlockTooLong = "code-block-too-long"
        /// Events after `StreamLimits.maxDurationMs`; not replayed.
        case streamTooLong = "stream-too-long"
        /// The render stopped at `RenderOptions.maxFrames`.
        case frameLimit = "frame-limit"
        /// Quotes and lists nested deeper than the frame can indent: the deeper levels are not indented.
        case deepNesting = "deep-nesting"
        /// An option given explicitly that cannot apply to this input (a network on a stamped capture).
        case optionIgnored = "option-ignored"
        /// A body's declared kind (its Content-Type, or `?input=`) and its content plainly disagree.
        case contentMismatch = "content-mismatch"
        /// An SSE stream with no JSON event, read as plain text (`sse-text`): each event's data is text.
        case readAsText = "read-as-text"
    }

    /// A stable machine-readable kind.
    public var kind: Kind
    /// A sentence for people, naming where and what.
    public var message: String
    /// Where in time it happened, when known.
    public var timeMs: Double?
    /// Where in the text (in characters, as the manifest's `text` counts them), when it is about a character.
    public var offset: Int?

    public init(kind: Kind, message: String, timeMs: Double? = nil, offset: Int? = nil) {
        self.kind = kind
        self.message = message
        self.timeMs = timeMs
        self.offset = offset
    }
}
