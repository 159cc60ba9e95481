public import StreamshotStyle

/// What a team's own client displayed, and with which decisions, change by change: the client
/// trace (docs/clients-and-traces.md, "Test your own client"). A render of a trace executes the client's decisions,
/// not Streamshot's (`TraceClient`).
public struct ClientTrace: Equatable, Sendable {
    /// The trace format's version: it changes when the format does.
    public static let currentVersion = 1

    /// The UI framework the client runs on: it decides how textAlign meets the direction.
    public typealias Platform = TracePlatform

    /// The trace's first record: where the client ran.
    public struct Start: Equatable, Sendable {
        public var platform: Platform
        /// The app's layout direction (React Native's `I18nManager.isRTL`, Flutter's ambient
        /// `Directionality`, SwiftUI's `layoutDirection`, the page's `dir`).
        public var layoutDirection: WritingDirection
        /// The viewport in points and its scale, when the client said.
        public var viewport: (width: Double, height: Double, scale: Double)?
        /// The body text's size in points, when the client said.
        public var fontSize: Double?
        /// Whether the client renders the answer's Markdown (`"markdown":"none"`: it shows the
        /// text as it came, as a SwiftUI `Text(String)` does).
        public var markdown: MarkdownRendering
        /// The app's language, when the client said: what its alert titles say (its overlays
        /// carry their own words), and the side its overlays start from. Nil: the layout
        /// direction's.
        public var appLanguage: AppLanguage?
        /// Whether its Markdown reads footnotes (`"footnotes":false`: marked or markdown-it
        /// without a plugin, `[^1]` shown as written).
        public var footnotes = true
        /// Whether it draws every `<details>` open (`"detailsOpen":true`: its body shown whatever
        /// the answer asked).
        public var detailsAlwaysOpen = false
        /// Whether it typesets formulas (`"math":false`: a Markdown without a math plugin, the TeX
        /// shown as written).
        public var math = true
        /// The pictures it had for the answer's images (`"images":{"URL":"file.png"}`), each
        /// path as written: a relative one is read from the trace's folder (`resolvingPictures`).
        public var imagePaths: [String: String] = [:]
        /// Those pictures, read (nil until they are).
        public var pictures = PictureFiles.none

        public init(
            platform: Platform = .css, layoutDirection: WritingDirection = .ltr,
            viewport: (width: Double, height: Double, scale: Double)? = nil, fontSize: Double? = nil,
            markdown: MarkdownRendering = .github, appLanguage: AppLanguage? = nil
        ) {
            self.platform = platform
            self.layoutDirection = layoutDirection
            self.viewport = viewport
            self.fontSize = fontSize
            self.markdown = markdown
            self.appLanguage = appLanguage
        }

        /// The language its labels are in: the app's, else the layout direction's.
        public var labelLanguage: AppLanguage { appLanguage ?? .speaking(layoutDirection) }

        public static func == (a: Start, b: Start) -> Bool {
            a.platform == b.platform && a.layoutDirection == b.layoutDirection && a.fontSize == b.fontSize && a.markdown == b.markdown
                && a.appLanguage == b.appLanguage && a.footnotes == b.footnotes && a.detailsAlwaysOpen == b.detailsAlwaysOpen
                && a.imagePaths == b.imagePaths && a.pictures == b.pictures
                && a.viewport?.width == b.viewport?.width && a.viewport?.height == b.viewport?.height && a.viewport?.scale == b.viewport?.scale
        }
    }

    /// The text container's direction as the client set it.
    public enum Direction: String, Sendable, CaseIterable {
        case ltr, rtl, auto
    }

    /// The client's line height: a multiple of the font size, or absolute.
    public enum LineHeight: Equatable, Sendable {
        case multiple(Double)
        case points(Double)
    }

    /// The container's styling, as set or changed (a field left out keeps its value).
    public struct Style: Equatable, Sendable {
        public var direction: Direction?
        public var textAlign: TextAlign?
        public var lineHeight: LineHeight?
        /// How its tables' columns follow their rows (Streamshot's `settled` when none is given).
        public var tableColumns: ColumnRule?
        /// What its code blocks do with a long line (`scroll` when none is given).
        public var codeOverflow: CodeOverflow?
        /// Where its text's lines may break (`normal` when none is given).
        public var wordBreak: WordBreak?
        /// The colour of its text (the theme's when none is given).
        public var textColor: Color?

        public init(
            direction: Direction? = nil, textAlign: TextAlign? = nil, lineHeight: LineHeight? = nil, tableColumns: ColumnRule? = nil,
            codeOverflow: CodeOverflow? = nil, wordBreak: WordBreak? = nil, textColor: Color? = nil
        ) {
            self.direction = direction
            self.textAlign = textAlign
            self.lineHeight = lineHeight
            self.tableColumns = tableColumns
            self.codeOverflow = codeOverflow
            self.wordBreak = wordBreak
            self.textColor = textColor
        }

        /// This style with `change`'s fields laid over it.
        package func updated(by change: Style) -> Style {
            Style(
                direction: change.direction ?? direction, textAlign: change.textAlign ?? textAlign,
                lineHeight: change.lineHeight ?? lineHeight, tableColumns: change.tableColumns ?? tableColumns,
                codeOverflow: change.codeOverflow ?? codeOverflow, wordBreak: change.wordBreak ?? wordBreak,
                textColor: change.textColor ?? textColor)
        }
    }

    /// One change the client made on screen.
    public enum Change: Equatable, Sendable {
        /// Text the client added after what it showed (an `append` record, or a `text` record that
        /// kept what was there): reading and replaying a record costs its own length, never the
        /// whole answer's.
        case append(String)
        /// All the text displayed, where the client changed what was there before (a `text`
        /// record that rewrote it).
        case rewrite(String)
        /// The container's style, or one block's (`block`: its index in the document, from 0).
        case style(Style, block: Int?)
        /// The scroll position from the top, in points, and whether the client means its view to
        /// follow the answer's end from there (its own auto-scroll state; nil: not recorded).
        case scroll(Double, pinned: Bool?)
        case overlay(Overlay.Kind, visible: Bool, text: String?)
        /// How many characters the client held after a show, received in whole words and not
        /// shown yet (a `show` record's `ready`): text that could be shown, waiting.
        case ready(Int)
        case end(Ending.Kind)
        /// What the reader did (a drag, a tap on the pill…): the client's scroll records say
        /// what the view did; this says why, so the detectors can tell a reader's scroll from a hijack.
        case reader(ReaderAction.Kind)
    }

    public struct Record: Equatable, Sendable {
        public var timeMs: Double
        public var change: Change

        public init(timeMs: Double, change: Change) {
            self.timeMs = timeMs
            self.change = change
        }
    }

    public var start: Start
    /// In time order.
    public var records: [Record]

    /// The reader's actions the trace recorded.
    public var readerActions: [ReaderAction] {
        records.compactMap { record in
            if case .reader(let kind) = record.change { return ReaderAction(timeMs: record.timeMs, kind: kind) }
            return nil
        }
    }

    public init(start: Start = Start(), records: [Record]) {
        self.start = start
        self.records = records
    }
}
