/// How a client's Markdown reader reads an answer where it differs from GitHub's: a client's
/// decision (a trace's start record says it), handed to the parser once. GitHub's reading is the
/// default; the others are faults a team's client can have, drawn as its reader draws them.
public struct MarkdownReading: Sendable, Equatable {
    /// The language alert titles are in (`Warning`, `تحذير`): the app's.
    public var alertTitles = AppLanguage.english
    /// Whether footnotes are read. marked and markdown-it read none without a plugin: `[^1]` and
    /// its definition line then show as written (a definition whose text is one link target is a
    /// link reference definition to CommonMark, and its references show as links).
    public var footnotes = true
    /// Whether every `<details>` is drawn open, its body shown whether or not the answer asked
    /// for `open` (a client whose HTML sanitiser drops the tags and keeps their text, or that has
    /// no disclosure of its own). GitHub hides a closed one's body.
    public var detailsAlwaysOpen = false
    /// Whether formulas are typeset (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, a `math` fence). A client
    /// whose Markdown has no math plugin (marked, markdown-it, most native views) shows their TeX
    /// as written, `$` and backslashes too.
    public var math = true
    /// Whether the text may hold citation chips' marks (`CitationMarks`): set with the first chip.
    public var citationChips = false
    /// What each citation chip says, by its number, when not its number (a domain pill's domain).
    public var citationLabels: [Int: String] = [:]
    /// The pictures the team gave for the answer's images (an input, not a client's fault): an
    /// image with one is drawn, and held back while its syntax streams, as an app waits for its
    /// picture; any other shows its alt text in a box.
    public var pictures = PictureFiles.none

    public init(alertTitles: AppLanguage = .english, footnotes: Bool = true, detailsAlwaysOpen: Bool = false, math: Bool = true) {
        self.alertTitles = alertTitles
        self.footnotes = footnotes
        self.detailsAlwaysOpen = detailsAlwaysOpen
        self.math = math
    }
}
