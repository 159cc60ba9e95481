/// A client's rules as one value: its display buffer, direction, alignment, line pitch and
/// motion strategies. The client-model stage runs them; a new client is a new value.
public struct ClientProfile: Sendable {
    /// A short name for the manifest and the CLI.
    public var name: String
    /// The display buffer: how much of what arrived to show at each frame.
    public var pacing: PacingPolicy
    /// How and when the response's and each block's direction are decided.
    public var direction: DirectionPolicy
    /// How textAlign is resolved against a block's direction.
    public var alignment: AlignmentPolicy
    /// The line pitch of Arabic and other blocks.
    public var pitch: PitchPolicy
    /// Fades, the pinned scroll's easing, how long the final state is held.
    public var motion: MotionPolicy
    /// When the client stops waiting for `done`, and what it shows then.
    public var ending: EndingPolicy
    /// The status it shows over and beside the text: typing indicator, pills, buttons.
    public var overlays: OverlayPolicy
    /// Body text is set monospaced (shared/seeds/003: `.monospaced()`, "CRITICAL: Layout stability
    /// during streaming"): code blocks are monospaced anyway.
    public var monospaced = false
    /// Whether the answer's Markdown is rendered, or its text shown as it came (shared/seeds/003).
    public var markdown = MarkdownRendering.github
    /// The answer sits in a chat bubble that hugs its text (shared/seeds/003's streaming and
    /// finished bubbles alike).
    public var bubble = false
    /// On `done` the message moves to its finished view (shared/seeds/003's `MessageBubbleView`:
    /// `Text(message.content)`, in the body's proportional face, nothing shaded), with its time under it.
    public var finishedMessageView = false
    /// Without Markdown: only the last this many characters are shown (shared/seeds/003's
    /// `StreamingTextManager`, `maxBufferSize = 10000`, which drops the start); nil: all.
    public var keepsLastChars: Int?
    /// The app's layout direction, as the request was made (`--layout-direction`): the side
    /// and language of what the client says before the answer's own direction is known (the
    /// "Thinking…" label), decided once.
    public var layoutDirection = WritingDirection.ltr
    /// The app's language (`--app-language`): what its notices, pills, buttons, labels and
    /// alert titles say; nil: the layout direction's (English left to right, Arabic right to left).
    public var appLanguage: AppLanguage?
    /// How a table's column widths follow its rows while they stream. The notes say nothing of
    /// it, so every profile holds a shown column still (their tables are Streamshot's drawing);
    /// a trace says what its client did.
    public var tableColumns = ColumnRule.settled
    /// What its code blocks do with a line longer than they are wide (`--code-overflow`).
    public var codeOverflow = CodeOverflow.scroll
    /// How code is coloured: token by token from its fence's language, as GitHub and the chat
    /// apps colour it (the reference's), or not at all, as a view without a highlighter shows it.
    public var codeHighlighting = CodeHighlighting.primer
    /// Whether a closed ```` ```mermaid ```` flowchart is drawn as a diagram, as GitHub draws it
    /// (until its fence closes it is shown as code); false: it stays code.
    public var drawsDiagrams = true
    /// How the citations the answer streams with are drawn: numbered chips and a Sources list
    /// (the reference's), domain pills, or nothing (a client whose handler drops those events).
    public var citations = CitationStyle.numbered

    /// What the client is, for a newcomer choosing one: "a React Native legal app's streaming rules".
    public var models = ""

    public init(
        name: String, models: String = "", pacing: PacingPolicy = .smooth, direction: DirectionPolicy = DirectionPolicy(),
        alignment: AlignmentPolicy = AlignmentPolicy(), pitch: PitchPolicy = PitchPolicy(),
        motion: MotionPolicy = MotionPolicy(), ending: EndingPolicy = EndingPolicy(),
        overlays: OverlayPolicy = OverlayPolicy()
    ) {
        self.name = name
        self.models = models
        self.pacing = pacing
        self.direction = direction
        self.alignment = alignment
        self.pitch = pitch
        self.motion = motion
        self.ending = ending
        self.overlays = overlays
    }
}
