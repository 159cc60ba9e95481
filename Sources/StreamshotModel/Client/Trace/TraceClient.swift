/// The client model that replays a team's own client from its trace: the text shown is exactly
/// what the client showed, each block's direction, alignment and line height are the client's
/// (resolved the way its platform resolves them), the scroll and the overlays are the client's,
/// and the ending is the one it recorded. Nothing is paced or decided here; the one wait is a
/// table row's, under the settled column rule: it shows once its columns have opened for it (a
/// fifth of a second), and what the client showed after it waits with it.
public final class TraceClient: ClientModel {
    package private(set) var trace: ClientTrace
    package let frameMs: Double
    package let pixelsPerPoint: Double
    /// The body text's size in points (a `lineHeightPt` is divided by it).
    package let fontSizePt: Double

    private var next = 0
    private var style = ClientTrace.Style()
    private var blockStyles: [Int: ClientTrace.Style] = [:]
    private var scrollPt = 0.0
    /// Whether the client said its view follows the answer's end (nil: it did not say).
    private var claimsPinned: Bool?
    /// Overlays shown, in the order they appeared.
    private var overlays: [Overlay] = []
    private var parsed = RevealedDocument()
    /// How much of the supplied text is parsed and shown (all of it, but while a table row is held).
    private var shown = 0
    /// How much the client had supplied at each frame it supplied more, not all shown yet.
    private var suppliedCounts: [Int] = []
    private var tableScrolls = TableScrolls()
    private var columnSettling = ColumnSettling()
    /// The last frame's layout: how far a table the reader drags can scroll.
    private var lastDocument: (any ScrollContent)?
    private var shownAtMs: [Int: Double] = [:]
    /// Which decisions the trace has supplied so far (the rest are Streamshot's defaults).
    private var supplied: Set<String> = []
    public private(set) var responseDirection: WritingDirection?
    public private(set) var ending: Ending?
    private var settledSinceMs: Double?
    /// What the client said it held after its last show, ready to be shown (whole words).
    private var readyChars = 0
    private let holdMs = 250.0

    /// - Parameter pictures: the files of the answer's images the render was given; the trace's
    ///   own (`images` in its start record) are added over them.
    public init(trace: ClientTrace, frameMs: Double, pixelsPerPoint: Double, fontSizePt: Double, pictures: PictureFiles = .none) {
        self.trace = trace
        self.frameMs = frameMs
        self.pixelsPerPoint = pixelsPerPoint
        self.fontSizePt = fontSizePt
        parsed.markdown = trace.start.markdown
        parsed.reading = MarkdownReading(
            alertTitles: trace.start.labelLanguage, footnotes: trace.start.footnotes,
            detailsAlwaysOpen: trace.start.detailsAlwaysOpen, math: trace.start.math)
        parsed.reading.pictures = pictures.adding(trace.start.pictures)
    }

    /// The client's records so far, longer (its first records are the ones already applied).
    public func inputGrew(_ transcript: Transcript) {
        if let grown = transcript.clientTrace { trace = grown }
    }

    public func isFinished(at timeMs: Double) -> Bool {
        settledSinceMs.map { timeMs - $0 > holdMs } ?? false
    }

    public func decideContent(_ arrivals: Arrivals, at timeMs: Double) -> ContentDecisions {
        applyRecords(upTo: timeMs)
        // The text is the transcript's (what the manifest says was shown, within the render's
        // limits); the trace's show records only say that the client supplied it.
        let text = arrivals.text
        if let rewrite = arrivals.rewrittenFrom {
            parsed.rewind(to: rewrite)
            shown = min(shown, rewrite)
            suppliedCounts.removeAll()
        }
        let ended = ending != nil
        showSupplied(text, at: timeMs)
        parsed.parse(text, revealed: shown, allShown: ended && shown == text.count, timer: nil)
        var document: DocumentDecisions?
        if text.count > 0 {
            if responseDirection == nil { responseDirection = direction(of: style, scalars: text.scalars[...]) }
            document = decideBlocks(streaming: !ended, at: timeMs)
        }
        // What the client held unshown is arrived text too: waiting while it could show it is a stall.
        return ContentDecisions(
            timeMs: timeMs, revealedChars: shown, bufferedChars: text.count - shown + readyChars, pendingChars: readyChars,
            responseDirection: responseDirection, streamEnded: ended,
            allRevealed: ended && next == trace.records.count && shown == text.count,
            document: document, overlays: Overlays(items: overlays, language: trace.start.labelLanguage),
            traced: supplied.sorted())
    }

    /// All the client supplied, but for what follows a table row held while its columns open:
    /// that waits, then comes a frame's supply at a time, as the client showed it (never all at
    /// once, which would be a burst of our making).
    private func showSupplied(_ text: ArrivedText, at timeMs: Double) {
        if text.count > (suppliedCounts.last ?? shown) { suppliedCounts.append(text.count) }
        let next = suppliedCounts.first { $0 > shown } ?? text.count
        shown = columnSettling.shownLimit(from: shown, toward: min(next, text.count), in: text.scalars, at: timeMs)
        suppliedCounts.removeAll { $0 <= shown }
    }

    public func decideView(_ content: ContentDecisions, document: any ScrollContent, viewportHeight: Double) -> ViewDecisions {
        lastDocument = document
        let maxScroll = max(0, document.contentHeight - viewportHeight)
        let scroll = min(scrollPt * pixelsPerPoint, maxScroll).devicePixel
        let visible = document.visibleRange(top: scroll, bottom: scroll + viewportHeight)
        let settled = content.allRevealed && columnSettling.easing(at: content.timeMs).isEmpty
        settledSinceMs = settled ? (settledSinceMs ?? content.timeMs) : nil
        // A client that says whether it follows the end is taken at its word (one that says so
        // while its view lags is the fault `caret-in-view` looks for); otherwise near the end is pinned.
        return ViewDecisions(
            scroll: scroll, visible: visible, opacities: visible.map { _ in 1 }, settled: settled,
            pinned: claimsPinned ?? (maxScroll - scroll <= 50 * pixelsPerPoint))
    }

    /// Applies every record up to `timeMs`, in order.
    private func applyRecords(upTo timeMs: Double) {
        while next < trace.records.count, trace.records[next].timeMs <= timeMs {
            let record = trace.records[next]
            next += 1
            switch record.change {
            case .append, .rewrite:
                supplied.insert("text")
                readyChars = 0
            case .ready(let count):
                readyChars = count
                supplied.insert("buffer")
            case .style(let change, let block):
                if let block { blockStyles[block] = (blockStyles[block] ?? style).updated(by: change) } else { style = style.updated(by: change) }
                supplied.formUnion(change.suppliedNames)
                // The client restyled its container: every block is laid out again with it.
                parsed.handAllOver()
            case .scroll(let offset, let pinned):
                scrollPt = offset
                claimsPinned = pinned
                supplied.insert("scroll")
            case .overlay(let kind, let visible, let label):
                overlays.removeAll { $0.kind == kind }
                if visible { overlays.append(Overlay(kind, text: label)) }
                supplied.insert("overlays")
            case .end(let kind):
                ending = Ending(kind: kind, timeMs: timeMs)
                supplied.insert("ending")
            case .reader(.scrollTable(let by)):
                // No record says where a client's table scrolled: the reader's drag is what it did.
                if let table = tableScrolls.drag(by: by * pixelsPerPoint, in: lastDocument) { parsed.relayout(blockId: table) }
            case .reader:
                break  // the client's own scroll records say what the view did; the manifest lists the action
            }
        }
        // A trace that stops without an end left its answer as it stood.
        if next == trace.records.count, ending == nil { ending = Ending(kind: .incomplete, timeMs: timeMs) }
    }

    private func decideBlocks(streaming: Bool, at timeMs: Double) -> DocumentDecisions {
        for table in columnSettling.easing(at: timeMs) { parsed.relayout(blockId: table) }
        let changes = parsed.changes(streaming: streaming)
        let blocks = changes.blocks.enumerated().map { offset, block -> DecidedBlock in
            let index = changes.unchangedCount + offset
            if shownAtMs[block.id] == nil { shownAtMs[block.id] = timeMs }
            tableScrolls.noteShown(block)
            let blockStyle = blockStyles[index] ?? style
            var decision = decide(block, style: blockStyle, shownAtMs: shownAtMs[block.id]!)
            decision.tableScroll = tableScrolls.offset(of: block.id)
            decision.tableSizing = columnSettling.sizing(of: block, rule: blockStyle.tableColumns ?? .settled, at: timeMs)
            return DecidedBlock(block: block, decision: decision)
        }
        return DocumentDecisions(unchangedCount: changes.unchangedCount, changed: blocks)
    }

    /// The block as the client styled it: its direction (code stays LTR, as Markdown renderers
    /// set it), the platform's alignment, and the client's line height (1.2, a platform's
    /// default line height, when it set none).
    private func decide(_ block: Block, style: ClientTrace.Style, shownAtMs: Double) -> BlockDecision {
        let scalars = Array(block.content.text.unicodeScalars.prefix(DirectionRule.windowLength))[...]
        let direction = block.kind.isCode ? .ltr : self.direction(of: style, scalars: scalars)
        let alignment =
            block.kind.isCode
            ? ResolvedAlignment(lines: .left, justify: false)
            : trace.start.platform.resolve(style.textAlign ?? .auto, direction: direction, layoutDirection: trace.start.layoutDirection)
        let factor: Double
        switch style.lineHeight {
        case .multiple(let multiple): factor = multiple
        case .points(let points): factor = points / fontSizePt
        case nil: factor = 1.2
        }
        let arabic = !block.kind.isCode && block.content.text.unicodeScalars.contains(where: ScriptClass.isArabicLetter)
        var decision = BlockDecision(
            direction: direction, alignment: alignment, pitch: LinePitch(factor: factor, mode: .enforced, isArabic: arabic),
            shownAtMs: shownAtMs)
        decision.markers = ListMarker.labels(for: block.containers)
        decision.codeLabel = block.codeLabel
        decision.codeWraps = block.kind.isCode && style.codeOverflow == .wrap
        decision.wordBreak = style.wordBreak ?? .normal
        decision.textColor = style.textColor
        decision.cells = block.rows.map { row in
            row.map { cell in
                let cellDirection = self.direction(of: style, scalars: Array(cell.text.unicodeScalars.prefix(DirectionRule.windowLength))[...])
                return CellDecision(
                    direction: cellDirection,
                    alignment: trace.start.platform.resolve(
                        style.textAlign ?? .auto, direction: cellDirection, layoutDirection: trace.start.layoutDirection))
            }
        }
        return decision
    }

    /// `ltr` or `rtl` as set; `auto` (or unset): the text's first strong letter, else the layout's.
    private func direction(of style: ClientTrace.Style, scalars: ArraySlice<Unicode.Scalar>) -> WritingDirection {
        switch style.direction {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto, nil:
            if case .decided(let direction) = DirectionRule.firstStrong.decide(scalars, true) { return direction }
            return trace.start.layoutDirection
        }
    }
}

extension ClientTrace.Style {
    /// The decisions this style change supplies, as the manifest names them.
    var suppliedNames: [String] {
        [
            direction.map { _ in "direction" }, textAlign.map { _ in "textAlign" }, lineHeight.map { _ in "lineHeight" },
            tableColumns.map { _ in "tableColumns" }, codeOverflow.map { _ in "codeOverflow" }, wordBreak.map { _ in "wordBreak" },
            textColor.map { _ in "textColor" }
        ].compactMap { $0 }
    }
}
