/// Makes frames one at a time on the virtual frame clock, in named steps:
/// input (events applied at the frame time) → client model (the frame's decisions) → layout
/// (executes them) → client view (scroll and fades, once layout has measured) → overlays placed → compose.
/// Paint and encode follow in `Renderer`. Nothing here reads the wall clock.
final class FrameLoop {
    let options: RenderOptions
    private var input: StreamPlayback
    private let client: any ClientModel
    private let document: DocumentLayout
    private let overlayLayouter: OverlayLayouter
    private var frameIndex = 0
    private var missingGlyphs = MissingGlyphTracker()
    private var mathErrors = MathErrorTracker()
    private var deepNesting = DeepNestingTracker()
    private var textHistory = BlockTextHistory()
    /// Set when profiling.
    var timer: StageTimer?
    /// The blocks and table rows laid out so far.
    let work = LayoutWork()

    init(transcript: Transcript, options: RenderOptions, client: any ClientModel, layouter given: BlockLayouter) {
        self.options = options
        input = StreamPlayback(transcript)
        self.client = client
        var layouter = given
        layouter.work = work
        document = DocumentLayout(layouter: layouter)
        overlayLayouter = OverlayLayouter(layouter: layouter, frameHeight: Double(options.heightPx))
    }

    var responseDirection: WritingDirection? { client.responseDirection }
    var ending: Ending? { client.ending }
    var citationsShown: (sources: [CitationSource], chips: [PlacedCitation]) { client.citationsShown }
    /// The input's warnings, then one per character shown that no bundled font covers, one per
    /// formula shown as written because it cannot be read, then one per block nested deeper
    /// than the frame indents.
    var warnings: [RenderWarning] { input.warnings + missingGlyphs.warnings + mathErrors.warnings + deepNesting.warnings }
    /// Everything that arrived so far.
    var arrivedText: String { String(String.UnicodeScalarView(input.text.scalars)) }
    var placedBlocks: [PlacedBlock] { document.placed }
    /// Every block ever shown, in document order (ids grow down the document; the client's own
    /// blocks after them, but for a tool card, which stands after the block above it where the
    /// document last placed it; one a rewrite took back, where it stood).
    var shownBlocks: [PlacedBlock] {
        let isCard = { (id: Int) in id <= StrategyClient.firstToolCardId }
        var ordered = document.everShown.values.filter { !isCard($0.layout.blockId) }.sorted {
            Self.documentOrder($0.layout.blockId) < Self.documentOrder($1.layout.blockId)
        }
        var above: Int?
        var placedCards: Set<Int> = []
        for block in document.placed {
            let id = block.layout.blockId
            guard isCard(id) else {
                above = id
                continue
            }
            var at = above.flatMap { above in ordered.firstIndex { $0.layout.blockId == above } }.map { $0 + 1 } ?? 0
            while at < ordered.count, isCard(ordered[at].layout.blockId) { at += 1 }
            ordered.insert(block, at: at)
            placedCards.insert(id)
        }
        let takenBack = document.everShown.values.filter { isCard($0.layout.blockId) && !placedCards.contains($0.layout.blockId) }
        for card in takenBack.sorted(by: { $0.layout.blockId > $1.layout.blockId }) {
            ordered.insert(card, at: ordered.firstIndex { $0.top > card.top } ?? ordered.endIndex)
        }
        return ordered
    }
    /// Every block ever shown as the manifest's `blocks` records it, with the texts a rewrite replaced.
    var manifestBlocks: [Manifest.Block] {
        shownBlocks.map {
            var block = $0.manifestBlock
            block.earlier = textHistory.earlier[block.id]
            return block
        }
    }

    /// The time of the frame `nextFrame()` makes.
    var nextTimeMs: Double { Double(frameIndex) * options.frameMs }
    /// The index of the frame `nextFrame()` makes.
    var nextIndex: Int { frameIndex }
    /// Whether the client says the render is over before the next frame (nothing is decided).
    var isFinished: Bool { client.isFinished(at: nextTimeMs) }

    /// A live input's transcript, longer now (what was applied stays as it was).
    func take(_ transcript: Transcript) {
        input.take(transcript)
        client.inputGrew(transcript)
    }

    /// The next frame, or nil once the client says the render is over.
    func nextFrame() throws -> FrameScene? {
        let timeMs = nextTimeMs
        if client.isFinished(at: timeMs) { return nil }
        let arrivals = timer.measure(.input) { input.advance(to: timeMs) }
        let content = timer.measure(.client) { client.decideContent(arrivals, at: timeMs) }
        if let decided = content.document {
            if options.naiveRelayout { document.forgetLayouts() }
            try timer.measure(.layout) { try document.apply(decided) }
            textHistory.note(document.newLayouts, frame: frameIndex)
        }
        let view = timer.measure(.client) {
            client.decideView(content, document: document, viewportHeight: Double(options.heightPx))
        }
        let overlays = try timer.measure(.layout) {
            try overlayLayouter.place(
                content.overlays.items + view.overlays, direction: content.overlays.direction,
                document: document, scroll: view.scroll)
        }
        defer { frameIndex += 1 }
        let scene = FrameScene(index: frameIndex, content: content, view: view, document: document, overlays: overlays)
        missingGlyphs.note(scene)
        mathErrors.note(scene)
        deepNesting.note(scene)
        return scene
    }

    /// The reasoning's body first, the answer's blocks by id, then the client's own below them:
    /// the Sources list (-2, -3, …), the notice (-1) last.
    private static func documentOrder(_ id: Int) -> Int {
        if id == StrategyClient.reasoningId { return Int.min }
        return id == StrategyClient.noticeId ? Int.max : id < 0 ? Int.max / 2 - id : id
    }
}
