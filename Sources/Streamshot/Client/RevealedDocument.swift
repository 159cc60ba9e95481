/// The parse of the text a client has revealed, and which of its blocks layout has not been
/// given yet: finished blocks are handed over once and never again (unless a late definition
/// revises one), so the work per frame follows the change, not the document's length. Every
/// client model keeps one; what each decides about the blocks is its own.
struct RevealedDocument {
    private(set) var parser = BlockParser()
    private var parsedRevealed = -1
    /// Finished blocks already handed to layout.
    private var reportedFinished = 0
    /// The first finished block the last parse revised, until layout has been given it.
    private var revisedFinished: Int?

    /// The blocks shown this frame: every finished one, then the open ones with something to show.
    var shown: ShownBlocks { ShownBlocks(finished: parser.finished, open: parser.open, growingId: parser.growingId) }

    /// Parses what is revealed, if it changed (or the text has just been all shown).
    mutating func parse(_ text: ArrivedText, revealed: Int, allShown: Bool, timer: StageTimer?) {
        guard revealed != parsedRevealed || allShown else { return }
        timer.measure(.parse) { parser.update(text.scalars[..<revealed], lookahead: text.scalars[revealed...], ended: allShown) }
        revisedFinished = [revisedFinished, parser.firstRevised].compactMap { $0 }.min()
        parsedRevealed = revealed
    }

    /// The text changed from `offset` (a rewrite): the blocks there are gone.
    mutating func rewind(to offset: Int) {
        parser.rewind(to: offset)
        handAllOver()
    }

    /// Block `id`'s decisions changed (the reader dragged it): it is laid out again on the next
    /// frame, with the finished blocks after it.
    mutating func relayout(blockId id: Int) {
        guard let index = parser.finished.firstIndex(where: { $0.id == id }) else { return }  // open blocks go each frame
        revisedFinished = min(revisedFinished ?? index, index)
    }

    /// Forgets everything: the next parse starts from nothing (benchmarks' naive renderer).
    mutating func reset() {
        parser = BlockParser()
        handAllOver()
    }

    /// Every block is handed to layout again on the next frame (its decisions changed).
    mutating func handAllOver() {
        reportedFinished = 0
        parsedRevealed = -1
    }

    /// The blocks that may have changed since the last call, in order, and how many before them
    /// did not; `growing` is the block being typed into while the text streams.
    mutating func changes(streaming: Bool) -> (unchangedCount: Int, blocks: [Block], growingId: Int?) {
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
