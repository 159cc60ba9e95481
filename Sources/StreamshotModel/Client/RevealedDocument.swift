/// The parse of the text a client has revealed, and which of its blocks layout has not been
/// given yet: finished blocks are handed over once and never again (unless a late definition
/// revises one), so the work per frame follows the change, not the document's length. Every
/// client model keeps one; what each decides about the blocks is its own.
struct RevealedDocument {
    package private(set) var parser = BlockParser()
    private var parsedRevealed = -1
    /// Finished blocks already handed to layout.
    private var reportedFinished = 0
    /// The first finished block the last parse revised, until layout has been given it.
    private var revisedFinished: Int?
    /// Whether the text is parsed as Markdown or shown as it came (`MarkdownRendering.none`).
    package var markdown = MarkdownRendering.github
    /// How the client reads Markdown where it differs from GitHub (alert titles in the app's language…).
    package var reading = MarkdownReading() {
        didSet { parser.reading = reading }
    }
    /// Without Markdown: closed ``` regions are shaded.
    var shadesRawCode = true
    /// Without Markdown: only the last this many characters are kept (`ClientProfile.keepsLastChars`).
    var rawKeepsLast: Int?
    /// Without Markdown: the one block of raw text, once there is text.
    private var raw: Block?
    /// Without Markdown: the raw block changed since layout was last given it.
    private var rawChanged = false

    private var finished: [Block] { markdown == .none ? raw.map { $0.isFinished ? [$0] : [] } ?? [] : parser.finished }
    private var open: [Block] { markdown == .none ? raw.map { $0.isFinished ? [] : [$0] } ?? [] : parser.open }

    /// Every block of the parse, finished and open.
    package var blocks: [Block] { finished + open }

    /// The blocks shown this frame: every finished one, then the open ones with something to show.
    package var shown: ShownBlocks { ShownBlocks(finished: finished, open: open, growingId: markdown == .none ? nil : parser.growingId) }

    /// The citation chips shown, in text order: each is a mark in the text the parser reads.
    private var chips = CitationChips()

    /// Sets the chips shown from this frame. One put into text parsed before (`reflowed`)
    /// revises its finished block in place: the block keeps its id and is laid out again.
    mutating func showChips(_ marks: [PlacedCitation], reflowed: Bool, text: ArrivedText) {
        guard marks != chips.marks else { return }
        let before = chips
        chips.marks = marks
        parsedRevealed = -1
        guard reflowed, markdown != .none else { return }
        let parsedEnd = text.count
        let marked = chips.marked(text.scalars[..<parsedEnd])
        if let first = parser.reviseInPlace(marked, moving: { chips.parsedOffset(before.answerOffset($0)) }) {
            revisedFinished = min(revisedFinished ?? first, first)
        }
    }

    /// A block's offset in the parsed text as an offset in the answer's text.
    func answerOffset(_ parsedOffset: Int) -> Int { chips.answerOffset(parsedOffset) }

    /// Parses what is revealed, if it changed (or the text has just been all shown).
    package mutating func parse(_ text: ArrivedText, revealed: Int, allShown: Bool, timer: StageTimer?) {
        guard revealed != parsedRevealed || allShown else { return }
        if markdown == .none {
            let shown = text.scalars[..<revealed]
            let block = RawText.block(rawKeepsLast.map { shown.suffix($0) } ?? shown, isFinished: allShown, shadesCode: shadesRawCode)
            rawChanged = rawChanged || block != raw
            raw = revealed > 0 ? block : nil
            parsedRevealed = revealed
            return
        }
        timer.measure(.parse) {
            parser.update(
                chips.marked(text.scalars[..<revealed]), lookahead: text.scalars[revealed...], ended: allShown,
                whole: !text.cut)
        }
        revisedFinished = [revisedFinished, parser.firstRevised].compactMap { $0 }.min()
        parsedRevealed = revealed
    }

    /// The text changed from `offset` (a rewrite): the blocks there are gone.
    package mutating func rewind(to offset: Int) {
        raw = nil
        parser.rewind(to: chips.parsedOffset(offset))
        handAllOver()
    }

    /// Block `id`'s decisions changed (the reader dragged it): it is laid out again on the next
    /// frame, with the finished blocks after it.
    mutating func relayout(blockId id: Int) {
        guard let index = parser.finished.firstIndex(where: { $0.id == id }) else { return }  // open blocks go each frame
        revisedFinished = min(revisedFinished ?? index, index)
    }

    /// How many of the blocks shown begin before `offset` in the answer's text: the place, among
    /// them, of something the client puts there (a tool card). Found by halves: the answer's
    /// blocks begin in order, and the footnotes section, after them all, is never before it.
    func shownBlocks(before offset: Int) -> Int {
        let finished = self.finished
        let before = { (block: Block) in block.footnote == nil && self.answerOffset(block.sourceStart) < offset }
        var low = 0
        var high = finished.count
        while low < high {
            let mid = (low + high) / 2
            if before(finished[mid]) { low = mid + 1 } else { high = mid }
        }
        guard low == finished.count else { return low }
        return low + open.prefix { $0.hasSomethingToShow && before($0) }.count
    }

    /// The blocks from `index` on are handed to layout again on the next frame (something of
    /// the client's was put before them).
    mutating func handOver(from index: Int) {
        revisedFinished = min(revisedFinished ?? index, index)
    }

    /// Forgets everything: the next parse starts from nothing (benchmarks' naive renderer).
    package mutating func reset() {
        raw = nil
        parser = BlockParser()
        parser.reading = reading
        handAllOver()
    }

    /// Every block is handed to layout again on the next frame (its decisions changed).
    mutating func handAllOver() {
        reportedFinished = 0
        rawChanged = true
        parsedRevealed = -1
    }

    /// The blocks that may have changed since the last call, in order, and how many before them
    /// did not; `growing` is the block being typed into while the text streams.
    package mutating func changes(streaming: Bool) -> (unchangedCount: Int, blocks: [Block], growingId: Int?) {
        if markdown == .none {
            defer { rawChanged = false }
            let shownRaw = raw.map { self.shown.count > 0 ? [$0] : [] } ?? []
            return (rawChanged ? 0 : shownRaw.count, rawChanged ? shownRaw : [], streaming ? shownRaw.first?.id : nil)
        }
        let finished = parser.finished
        let open = parser.open
        // A finished block whose text was revised (a late link definition) is laid out again.
        reportedFinished = min(reportedFinished, finished.count, revisedFinished ?? .max)
        revisedFinished = nil
        let shown = self.shown
        let shownCount = shown.count
        let growingId = streaming ? shown.growingBlock?.id : nil
        let blocks = (reportedFinished..<shownCount).map { $0 < finished.count ? finished[$0] : open[$0 - finished.count] }
        defer { reportedFinished = finished.count }
        return (reportedFinished, blocks, growingId)
    }
}
