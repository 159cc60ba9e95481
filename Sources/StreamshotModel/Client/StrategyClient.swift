/// The client model that runs a `ClientProfile`'s strategies: the reference client and, as
/// other values, the product notes' clients. It keeps what a client keeps between frames — the
/// display buffer, the parse, the decisions made so far, the scroll — and reads no clock but
/// the frame time it is given.
public final class StrategyClient: ClientModel {
    public let profile: ClientProfile
    package let frameMs: Double
    /// For benchmarks only: parse everything again every frame, as a naive renderer does.
    package let reparsesEveryFrame: Bool
    /// Set when profiling: measures the pacing and parse steps.
    package var timer: StageTimer?

    private var pacingState = PacingState()
    var parsed = RevealedDocument()
    var revealed = 0
    public private(set) var responseDirection: WritingDirection?
    /// The language notices, pills and labels use: the app's, decided before the first frame.
    public let appLanguage: AppLanguage
    /// The answer is in Arabic script (decided with its direction): the 1.8x pitch is its rule.
    private var arabicAnswer: Bool
    /// The model's reasoning and tool calls as last received.
    var activity = ArrivedActivity()
    /// The "Thought for" row's seconds, decided once with the first block shown (nil: no row).
    var thoughtSeconds: Int?
    private var thoughtDecided = false
    /// How many of the tool calls are shown as cards above the answer (those made before it), decided with the thought row.
    private var toolCardCount = 0
    /// The calls made inside the answer, as cards in its flow.
    var flowCards = FlowCards()
    var decisions: [Int: BlockDecision] = [:]
    /// The citation chips and sources shown so far, and the citations arrived (for `reveal`).
    var citations = CitationPlacer()
    var arrivedCitations: [Citation] = []
    /// When the Sources list began to show, and whether rows of it are still to come.
    var sourcesFromMs: Double?
    var sourcesPending = false
    /// The reasoning's body as last handed to layout (it moves every block below it when it grows).
    private var shownReasoning: DecidedBlock?
    /// How far the reader has scrolled the opened reasoning's box, in pixels.
    var reasoningScroll = 0.0
    /// Each outermost container's direction, fixed by the first block shown in it.
    private var containerDirections: [Int: WritingDirection] = [:]
    private var endings: EndingTracker
    /// shared/seeds/003's socket, closed in the background; shared/seeds/001's polling, cancelled on leaving.
    private var socket = StopsListening(when: .background)
    private var polling = StopsListening(when: .away)
    var reader: Reader
    /// What the reader asked of the view this frame, for `decideView`.
    private var viewRequests = Reader.ViewRequests()
    private var tableScrolls = TableScrolls()
    private var columnSettling = ColumnSettling()
    /// The last frame's layout: how far a table a reader drags can scroll.
    private var lastDocument: (any ScrollContent)?
    private var follower = ScrollFollower()
    /// The content's bottom-most scroll on the last frame (a client that ignores the reader
    /// scrolls whenever it changes).
    private var lastTarget: Double?
    /// What was shown when the reader last scrolled away from the bottom (the pill shows once more is).
    private var revealedWhenUnpinned = 0
    /// Each heading shown so far, by block id: its level (the progress label counts them).
    private var headingLevels: [Int: Int] = [:] {
        didSet { headingLevelsInOrder = headingLevels.sorted { $0.key < $1.key }.map(\.value) }
    }
    /// The levels in document order, sorted once per heading rather than on every frame.
    private var headingLevelsInOrder: [Int] = []
    private var settledSinceMs: Double?
    /// The answer has moved to its finished view (`ClientProfile.finishedMessageView`).
    private var showsFinishedView = false
    /// Device pixels per point: the reader's drags and the pin tolerance are in points.
    package let pixelsPerPoint: Double

    /// The id of the notice block a failed stream shows instead of text.
    public static let noticeId = -1
    /// The id of the reasoning's body, open above the answer (first in the document).
    public static let reasoningId = -1_000_000
    /// The first tool card's block id in the answer's flow (`FlowCards`); card `n` is this − n.
    /// Below the Sources list's (-2 and down, one per source) and the reasoning's.
    public static let firstToolCardId = -2_000_000

    /// - Parameters:
    ///   - profile: the strategies to run.
    ///   - frameMs: time between frames (the pacing and the scroll easing step by it).
    ///   - reader: what the reader does, on the frame clock.
    ///   - pixelsPerPoint: the frame's scale.
    ///   - pictures: the files of the answer's images the team gave (the others show alt text).
    ///   - reparsesEveryFrame: benchmarks only: parse everything again each frame.
    public init(
        profile: ClientProfile, frameMs: Double, reader: [ReaderAction] = [], pixelsPerPoint: Double = 1,
        pictures: PictureFiles = .none, reparsesEveryFrame: Bool = false
    ) {
        self.profile = profile
        self.frameMs = frameMs
        self.reparsesEveryFrame = reparsesEveryFrame
        self.pixelsPerPoint = pixelsPerPoint
        self.reader = Reader(actions: reader)
        endings = EndingTracker(policy: profile.ending)
        appLanguage = profile.appLanguage ?? .speaking(profile.layoutDirection)
        arabicAnswer = AppLanguage.speaking(profile.layoutDirection) == .arabic
        parsed.markdown = profile.markdown
        parsed.reading.alertTitles = appLanguage
        parsed.reading.pictures = pictures
        parsed.rawKeepsLast = profile.keepsLastChars
        citations.style = profile.citations
    }

    /// Over once everything has settled and been held, and the reader has nothing more to do;
    /// or, with the conversation off screen for good, once the stream has ended and been held.
    public func isFinished(at timeMs: Double) -> Bool {
        if reader.hasPendingActions { return false }
        if reader.appState != .active, let ending = endings.ending { return timeMs - ending.timeMs > profile.motion.holdMs }
        return settledSinceMs.map { timeMs - $0 > profile.motion.holdMs } ?? false
    }

    public var ending: Ending? { endings.ending }

    public var citationsShown: (sources: [CitationSource], chips: [PlacedCitation]) { (citations.sources, citations.marks) }

    public func decideContent(_ network: Arrivals, at timeMs: Double) -> ContentDecisions {
        let requests = reader.advance(to: timeMs).view
        viewRequests = requests
        if let table = tableScrolls.drag(by: requests.tableDragPt * pixelsPerPoint, in: lastDocument) { parsed.relayout(blockId: table) }
        if requests.reasoningDragPt != 0 {
            let room = lastDocument?.innerRoom(ofBlock: Self.reasoningId) ?? 0
            reasoningScroll = min(max(reasoningScroll + requests.reasoningDragPt * pixelsPerPoint, 0), room)
        }
        let arrivals = endings.apply(receive(network, at: timeMs), at: timeMs, stopRequested: reader.stopRequested)
        activity = arrivals.activity
        arrivedCitations = arrivals.citations
        if let rewrite = arrivals.rewrittenFrom { forgetText(from: rewrite) }
        let text = arrivals.text
        decideResponseDirection(arrivals, at: timeMs)
        var document: DocumentDecisions?
        var notice: String?
        // The ending's notice and its button wait together for a table row the columns open for.
        var endingHeld = false
        if let response = responseDirection {
            // Off screen, updates pause and arrivals wait in the buffer; coming back to the
            // conversation shows them all at once (shared/seeds/000 and 002) — a buffer that
            // never shows half a word stops at the last whole one.
            columnSettling.showsAllAtOnce = requests.jumpToBottom
            if requests.jumpToBottom {
                let whole = profile.pacing.wholeWords ? text.lastBoundary(atOrBefore: text.count, notBefore: revealed) : text.count
                reveal(text, at: timeMs, upTo: whole)
            } else if reader.appState == .active, timeMs >= profile.overlays.typingIndicatorMinMs {
                reveal(text, at: timeMs)
            }
            if profile.finishedMessageView, !showsFinishedView, endings.ending?.kind == .done, revealed == text.count {
                moveToFinishedView(text)
            }
            // An ending that is not plain done is said under whatever was shown, once it is all
            // shown, in the app's language.
            notice =
                revealed == text.count
                ? endings.notice(afterText: text.count > 0, language: appLanguage, errorMessage: arrivals.errorMessage) : nil
            document = decideBlocks(text, response: response, notice: notice, at: timeMs)
            // Said under the whole answer: not while a table row waits for its columns.
            if columnSettling.holdsRows(at: timeMs) {
                notice = nil
                endingHeld = true
            }
        }
        // A client that left has nothing more coming, though nobody told it the stream ended.
        let allRevealed = (text.ended || endings.ending?.kind == .left) && revealed == text.count && !sourcesPending
        var decisions = ContentDecisions(
            timeMs: timeMs, revealedChars: revealed, bufferedChars: text.count - revealed,
            pendingChars: text.lastBoundary(atOrBefore: text.count, notBefore: revealed) - revealed,
            responseDirection: responseDirection, streamEnded: text.ended, allRevealed: allRevealed,
            document: document, overlays: decideOverlays(arrivals, notice: notice, allRevealed: allRevealed, endingHeld: endingHeld, at: timeMs),
            appState: reader.appState)
        decisions.activityEvents = arrivals.activity.events
        return decisions
    }

    /// What reaches the client this frame: the network's arrivals, unless it has stopped
    /// listening (the reader left, and the profile's client stops then).
    private func receive(_ network: Arrivals, at timeMs: Double) -> Arrivals {
        var received = network
        // shared/seeds/000: with the budget spent, send is disabled before the request is made.
        if profile.overlays.tokenBudget?.isSpent == true {
            endings.end(.notSent, at: 0)
            var nothing = ArrivedText()
            nothing.ended = true
            return Arrivals(
                text: nothing, firstArrivalMs: nil, errorMessage: nil, isReconnecting: false, rewrittenFrom: nil,
                lastEventMs: nil, exhausted: true, conditions: network.conditions)
        }
        if profile.ending.backgroundDisconnects { received = socket.apply(received, appState: reader.appState, at: timeMs) }
        if profile.ending.leavingCancels {
            received = polling.apply(received, appState: reader.appState, at: timeMs)
            if let stoppedAtMs = polling.stoppedAtMs { endings.end(.left, at: stoppedAtMs) }
        }
        return received
    }

    /// shared/seeds/003: on `complete` the streaming view goes and `MessageBubbleView` shows the
    /// same text with `Text(message.content)`: the proportional face, no shading. Every block is
    /// decided again and handed to layout once more.
    private func moveToFinishedView(_ text: ArrivedText) {
        showsFinishedView = true
        parsed.shadesRawCode = false
        parsed.handAllOver()
        parsed.parse(text, revealed: revealed, allShown: text.ended && revealed == text.count, timer: timer)
        for id in decisions.keys { decisions[id]?.monospaced = false }
    }

    /// What is drawn over and beside the text. The dots stay until the first block is on screen
    /// and the caret stands on the last block shown, so no frame is emptier than the one before
    /// while the text streams.
    /// - Parameter endingHeld: the ending's notice waits (for a table row): its button waits with it,
    ///   never alone in the band (found by a reader: "Retry" stood 200 ms before the words it answers).
    private func decideOverlays(_ arrivals: Arrivals, notice: String?, allRevealed: Bool, endingHeld: Bool, at timeMs: Double) -> Overlays {
        guard reader.appState != .away else { return Overlays(language: appLanguage) }
        let shown = parsed.shown
        // A client that knows no end but `done`, or that left without being told, still shows the answer as streaming.
        let frozen = endings.ending.map { $0.kind == .left || (profile.ending.onlyDoneEnds && $0.kind != .done) } ?? false
        let allRevealed = allRevealed && !frozen
        let drafting = DraftingState(arrivedChars: arrivals.text.count, headingLevels: headingLevelsInOrder)
        let state = OverlayState(
            language: appLanguage, waitingForText: shown.count == 0 && !allRevealed, streaming: !allRevealed,
            reconnecting: arrivals.isReconnecting && !arrivals.text.ended, conditions: arrivals.conditions,
            ending: endings.ending?.kind, notice: notice, endingShown: allRevealed && !endingHeld, drafting: drafting,
            doneAtMs: endings.ending.flatMap { $0.kind == .done ? $0.timeMs : nil }, timeMs: timeMs,
            activity: arrivals.activity, thoughtSeconds: thoughtSeconds, toolCards: Array(arrivals.activity.calls.prefix(toolCardCount)),
            flowCards: flowCardCalls, reasoningOpen: reader.reasoningOpen && !activity.reasoningText.trimmingSpaces.isEmpty)
        let streaming = !allRevealed && revealed > 0 && profile.overlays.caret
        return Overlays(
            items: profile.overlays.decide(state), caretBlockId: streaming ? shown.caretBlock?.id : nil,
            caretOpacity: profile.motion.caretOpacity(sinceMs: timeMs - (arrivals.firstArrivalMs ?? 0)),
            language: appLanguage)
    }

    public func decideView(_ content: ContentDecisions, document: any ScrollContent, viewportHeight: Double) -> ViewDecisions {
        let wasPinned = follower.pinned
        // The follower eases in fractions of a pixel; the view shows its offset snapped to the grid.
        let easedScroll = followReader(content, document: document, viewportHeight: viewportHeight)
        let scroll = easedScroll.devicePixel
        let visible = content.appState == .away ? 0..<0 : document.visibleRange(top: scroll, bottom: scroll + viewportHeight)
        let opacities = visible.map { index -> Double in
            let shownAtMs = decisions[document.blockId(at: index)]?.shownAtMs ?? content.timeMs
            // Text shown on coming back to the conversation is simply there.
            if shownAtMs == reader.switchedBackMs { return 1 }
            return profile.motion.opacity(sinceShownMs: content.timeMs - shownAtMs, frameMs: frameMs)
        }
        if wasPinned || follower.pinned { revealedWhenUnpinned = content.revealedChars }
        var overlays: [Overlay] = []
        if profile.overlays.newContentPill, !follower.pinned, content.revealedChars > revealedWhenUnpinned, content.appState != .away {
            overlays.append(Overlay(.newContentPill, text: appLanguage.newContent))
        }
        let atRest = !follower.pinned || easedScroll == max(0, document.contentHeight - viewportHeight)
        // A table row held while its columns open is not shown yet: the render goes on for it.
        let settled =
            content.allRevealed && opacities.allSatisfy { $0 >= 1 } && atRest
            && columnSettling.easing(at: content.timeMs).isEmpty
        settledSinceMs = settled ? (settledSinceMs ?? content.timeMs) : nil
        return ViewDecisions(
            scroll: scroll, visible: visible, opacities: opacities, settled: settled, pinned: follower.following,
            overlays: overlays)
    }

    /// The scroll: pinned, it eases after the content's end; the reader's drags, taps and sends move it.
    private func followReader(_ content: ContentDecisions, document: any ScrollContent, viewportHeight: Double) -> Double {
        let target = max(0, document.contentHeight - viewportHeight)
        lastDocument = document
        var requests = viewRequests
        viewRequests = Reader.ViewRequests()
        // A client that ignores the reader scrolls to the bottom on every change, from wherever they were reading.
        if !profile.motion.respectsReader, !follower.pinned, let lastTarget, target != lastTarget { requests.repin = true }
        let grew = target - (lastTarget ?? 0)
        lastTarget = target
        // New lines may sink into the whole bottom inset while the view eases after them; only
        // while a pill is up in the composer's band do they stop above it.
        let lagRoom = max(0, content.overlays.occupiesBand ? document.bottomInset - document.overlayBand : document.bottomInset)
        // At most a third of a body line a frame (at 60 fps; in proportion at other rates).
        let maxStep = document.bodySize * profile.pitch.pitch(arabic: arabicAnswer).factor / 3 * frameMs / (1000 / 60)
        follower.step(
            target: target, dragPx: requests.dragPt * pixelsPerPoint, repin: requests.repin, jump: requests.jumpToBottom,
            tolerancePx: profile.motion.pinTolerancePt * pixelsPerPoint, lagRoom: lagRoom, timeMs: content.timeMs,
            motion: profile.motion
        ) {
            profile.motion.easedScroll(
                from: $0, to: target, frameMs: frameMs, maxLag: lagRoom, inset: document.bottomInset,
                maxStep: maxStep, grew: grew, maxSlide: viewportHeight)
        }
        return follower.scroll
    }

    /// A snapshot rewrote the text from `offset`: what was shown there is gone, its blocks with it.
    private func forgetText(from offset: Int) {
        revealed = min(revealed, offset)
        parsed.rewind(to: offset)
        flowCards.rewind(to: offset)
    }

    private func decideResponseDirection(_ arrivals: Arrivals, at timeMs: Double) {
        let policy = profile.direction
        let text = arrivals.text
        if policy.lock == .none {
            // The bug on purpose: no waiting, and the direction follows whatever is shown.
            responseDirection = policy.naiveDirection(of: text.scalars[..<revealed])
        } else if responseDirection == nil {
            let waited = arrivals.firstArrivalMs.map { timeMs - $0 } ?? 0
            responseDirection = policy.responseDirection(arrived: text.scalars[...], waitedMs: waited, ended: text.ended)
            if responseDirection != nil { arabicAnswer = AppLanguage.of(text.scalars[...], otherwise: arabicAnswer ? .arabic : .english) == .arabic }
        }
    }

    /// The display buffer's step (or, given `upTo`, everything to there at once), then the parse of what it reveals.
    private func reveal(_ text: ArrivedText, at timeMs: Double, upTo jump: Int? = nil) {
        let input = PacingInput(text: text, revealed: revealed, timeMs: timeMs, frameMs: frameMs)
        var step = revealed
        if let jump {
            step = jump
        } else if !columnSettling.holdsRows(at: timeMs) {
            // A table row is held while its columns open: the buffer stops at its end and waits.
            let paced = timer.measure(.pacing) { profile.pacing.step(&pacingState, input) }
            step = columnSettling.shownLimit(from: revealed, toward: paced, in: text.scalars, at: timeMs)
        }
        // A link in parentheses waits for what the provider says of it (a citation: `OwnLink`).
        if profile.citations != .none { step = OwnLink.heldReveal(from: revealed, toward: step, in: text) }
        // Only a policy that reproduces a rewinding bug takes back what was shown.
        if profile.pacing.rewinds, step < revealed { forgetText(from: step) }
        let shownBefore = revealed
        revealed = max(revealed, min(text.count, step))
        placeCitations(text, shownBefore: shownBefore, at: timeMs)
        if reparsesEveryFrame { parsed.reset() }
        parsed.parse(text, revealed: revealed, allShown: text.ended && revealed == text.count, timer: timer)
    }

    /// Every block that may have changed since the last frame, with its decisions.
    private func decideBlocks(_ text: ArrivedText, response: WritingDirection, notice: String?, at timeMs: Double) -> DocumentDecisions {
        for table in columnSettling.easing(at: timeMs) { parsed.relayout(blockId: table) }
        let reasoning = reasoningBody(response: response, text: text, at: timeMs)
        let reasoningChanged = reasoning?.block != shownReasoning?.block || reasoning?.decision != shownReasoning?.decision
        // Opening it, or its growing, moves every block under it: they are all placed again.
        if reasoningChanged { parsed.handAllOver() }
        shownReasoning = reasoning
        placeFlowCards(text)
        // The block text is being typed into: the last shown one, while the text still streams.
        let changes = parsed.changes(streaming: !(text.ended && revealed == text.count))
        var answer: [DecidedBlock] = []
        for block in changes.blocks {
            var decision = decide(block, text: text, response: response, at: timeMs)
            if case .heading(let level) = block.kind, headingLevels[block.id] != level { headingLevels[block.id] = level }
            tableScrolls.noteShown(block)
            decision.tableScroll = tableScrolls.offset(of: block.id)
            decision.tableSizing = columnSettling.sizing(of: block, rule: profile.tableColumns, at: timeMs)
            decision.growingLineAtStart = profile.alignment.holdsGrowingLineAtStart && block.id == changes.growingId
            answer.append(DecidedBlock(block: block, decision: decision))
        }
        let cards = withFlowCards(answer, from: changes.unchangedCount, text: text, response: response, at: timeMs)
        let unchanged = (reasoning != nil && !reasoningChanged ? 1 : 0) + changes.unchangedCount + cards.before
        var changed: [DecidedBlock] = (reasoningChanged ? reasoning.map { [$0] } ?? [] : []) + cards.blocks
        changed += sourcesList(text, response: response, at: timeMs)
        if let notice, !columnSettling.holdsRows(at: timeMs) {
            let block = Block(id: Self.noticeId, kind: .notice, content: StyledText(notice), isFinished: true, sourceStart: 0, contentStart: 0)
            let decision = decisions[block.id] ?? firstDecision(block, text: text, response: response, at: timeMs)
            decisions[block.id] = decision
            changed.append(DecidedBlock(block: block, decision: decision))
        }
        decideThoughtRow(showsSomething: parsed.shown.count > 0 || notice != nil)
        return DocumentDecisions(unchangedCount: unchanged, changed: changed, leadingRows: (thoughtSeconds != nil ? 1 : 0) + toolCardCount)
    }

    /// With the first block shown, once: whether a "Thought for N s" row sits above the answer,
    /// and its N (the reasoning before the first text, then any the model does inside the answer).
    private func decideThoughtRow(showsSomething: Bool) {
        // Reasoning inside the answer updates the row's seconds; it never adds a row the answer
        // did not start with (that would push every line shown down).
        if thoughtDecided, thoughtSeconds != nil {
            thoughtSeconds = ActivityPolicy.thoughtSeconds(activity)
            return
        }
        guard !thoughtDecided, showsSomething else { return }
        thoughtDecided = true
        if profile.overlays.activity?.thoughtRow == true { thoughtSeconds = ActivityPolicy.thoughtSeconds(activity) }
        if profile.overlays.activity?.toolCards == true { toolCardCount = activity.calls.prefix { $0.afterChars == nil }.count }
    }

    /// A block's decisions: made when it is first shown and kept — its pitch too, so no baseline
    /// moves — except, with `DirectionLock.none`, the naive bug; a table's rows are decided as they come.
    private func decide(_ block: Block, text: ArrivedText, response: WritingDirection, at timeMs: Double) -> BlockDecision {
        var decision = decisions[block.id] ?? firstDecision(block, text: text, response: response, at: timeMs)
        if profile.direction.lock == .none, !block.kind.isCode {
            let shown = block.content.text.unicodeScalars.prefix { $0 != "\n" }
            decision.direction = profile.direction.naiveDirection(of: Array(shown)[...])
            decision.alignment = profile.alignment.resolve(direction: decision.direction, isCode: false)
        }
        for row in block.rows.dropFirst(decision.cells.count) {
            decision.cells.append(
                row.enumerated().map { column, cell in
                    let direction = profile.direction.blockDirection(
                        firstLine: Array(cell.text.unicodeScalars.prefix(DirectionRule.windowLength))[...],
                        isCode: false, response: decision.direction)
                    let delimiter = column < block.columnAlignments.count ? block.columnAlignments[column] : nil
                    return CellDecision(
                        direction: direction,
                        alignment: profile.alignment.resolveCell(
                            delimiter, direction: direction,
                            tableDirection: decision.direction))
                })
        }
        // Shown as code while its fence is open, drawn from the frame it closes.
        decision.drawsDiagram = profile.drawsDiagrams && block.isFinished && block.kind == .code(language: "mermaid")
        decisions[block.id] = decision
        return decision
    }

    /// Direction from the block's first line as it has arrived (read ahead of what is revealed),
    /// pitch from its paragraph as it has arrived, alignment resolved once against the direction.
    func firstDecision(_ block: Block, text: ArrivedText, response: WritingDirection, at timeMs: Double) -> BlockDecision {
        let scalars = text.scalars
        var start = min(parsed.answerOffset(block.contentStart), scalars.count)
        // An alert's marker line (`[!WARNING]`) says nothing of its direction: its words follow it.
        if block.containers.contains(where: { $0.alert != nil }), let end = scalars[start...].firstIndex(of: "\n"),
            Alert.named(byFirstLineOf: String(String.UnicodeScalarView(scalars[start..<end]))) != nil
        {
            start = end + 1
        }
        // Raw HTML reads from what it shows: a `<details>` line has no words of its own.
        let firstLine =
            block.kind == .html
            ? ArraySlice(GitHubHTML.visibleText(scalars[start...], limit: DirectionRule.windowLength))
            : scalars[start...].prefix { $0 != "\n" }.prefix(DirectionRule.windowLength)
        // A notice is the app's words: in its language, from its side, whatever the answer's.
        let direction =
            block.kind == .notice
            ? appLanguage.direction
            : profile.direction.blockDirection(firstLine: firstLine, isCode: block.kind.isCode, response: response)
        var decision = BlockDecision(
            direction: direction, alignment: profile.alignment.resolve(direction: direction, isCode: block.kind.isCode),
            pitch: profile.pitch.pitch(arabic: !block.kind.isCode && profile.pitch.isArabic(scalars, from: start, arabicResponse: arabicAnswer)),
            shownAtMs: timeMs,
            containerDirection: containerDirection(of: block, direction: direction, response: response))
        decision.monospaced = profile.monospaced && !showsFinishedView && !block.kind.isCode && block.kind != .notice
        decision.bubble = profile.bubble && block.kind != .notice
        decision.markers = ListMarker.labels(for: block.containers)
        decision.codeLabel = block.codeLabel
        decision.codeWraps = block.kind.isCode && profile.codeOverflow == .wrap
        decision.codeHighlighting = block.kind.isCode ? profile.codeHighlighting : .none
        return decision
    }

    /// The direction of the block's outermost container, which its inner containers share: a
    /// list item's is decided by the first block shown in it (code, always LTR, leaves it to the
    /// response's), as `dir=auto` on the item would, so that its marker stands beside its words:
    /// an English item in an Arabic list has its bullet on the left, by its text (decided for the
    /// whole list, the bullet stood on the right and the words at the far left, the item in two
    /// pieces). A quote's is the response's, as a quote inherits the answer's direction in a
    /// browser. Kept once decided.
    private func containerDirection(of block: Block, direction: WritingDirection, response: WritingDirection) -> WritingDirection {
        guard let outermost = block.containers.first else { return direction }
        let key = outermost.id
        if let decided = containerDirections[key] { return decided }
        let decided = outermost.kind == .blockQuote || block.kind.isCode ? response : direction
        containerDirections[key] = decided
        return decided
    }
}
