/// The client model that runs a `ClientProfile`'s strategies: the reference client and, as
/// other values, the product notes' clients. It keeps what a client keeps between frames — the
/// display buffer, the parse, the decisions made so far, the scroll — and reads no clock but
/// the frame time it is given.
public final class StrategyClient: ClientModel {
    public let profile: ClientProfile
    let frameMs: Double
    /// For benchmarks only: parse everything again every frame, as a naive renderer does.
    let reparsesEveryFrame: Bool
    /// Set when profiling: measures the pacing and parse steps.
    var timer: StageTimer?

    private var pacingState = PacingState()
    private var parser = BlockParser()
    private var revealed = 0
    private var parsedRevealed = -1
    public private(set) var responseDirection: WritingDirection?
    /// The language notices and pills use, decided with the response's direction.
    public private(set) var responseLanguage = ResponseLanguage.english
    private var decisions: [Int: BlockDecision] = [:]
    /// Each outermost container's direction, fixed by the first block shown in it.
    private var containerDirections: [Int: WritingDirection] = [:]
    /// Finished blocks already handed to layout: they never change again.
    private var reportedFinished = 0
    /// The first finished block the last parse revised, until layout has been given it.
    private var revisedFinished: Int?
    private var endings: EndingTracker
    private var scroll = 0.0
    private var settledSinceMs: Double?

    /// The id of the notice block a failed stream shows instead of text.
    public static let noticeId = -1

    /// - Parameters:
    ///   - profile: the strategies to run.
    ///   - frameMs: time between frames (the pacing and the scroll easing step by it).
    ///   - reparsesEveryFrame: benchmarks only: parse everything again each frame.
    public init(profile: ClientProfile, frameMs: Double, reparsesEveryFrame: Bool = false) {
        self.profile = profile
        self.frameMs = frameMs
        self.reparsesEveryFrame = reparsesEveryFrame
        endings = EndingTracker(policy: profile.ending)
    }

    public func isFinished(at timeMs: Double) -> Bool {
        settledSinceMs.map { timeMs - $0 > profile.motion.holdMs } ?? false
    }

    public var ending: Ending? { endings.ending }

    public func decideContent(_ network: Arrivals, at timeMs: Double) -> ContentDecisions {
        let arrivals = endings.apply(network, at: timeMs)
        if let rewrite = arrivals.rewrittenFrom { forgetText(from: rewrite) }
        let text = arrivals.text
        decideResponseDirection(arrivals, at: timeMs)
        var document: DocumentDecisions?
        if let response = responseDirection {
            reveal(text, at: timeMs)
            // An ending that is not plain done is said under whatever was shown, once it is all
            // shown, in the answer's language.
            let notice = revealed == text.count
                ? endings.notice(afterText: text.count > 0, language: responseLanguage, errorMessage: arrivals.errorMessage) : nil
            document = decideBlocks(text, response: response, notice: notice, at: timeMs)
        }
        let allRevealed = text.ended && revealed == text.count
        let streaming = !allRevealed && revealed > 0
        // The dots stay until the first block is on screen and the caret stands on the last block
        // shown, so no frame is emptier than the one before while the text streams.
        let shown = ShownBlocks(finished: parser.finished, open: parser.open)
        let overlays = Overlays(typingIndicator: shown.count == 0 && !allRevealed,
                                reconnecting: arrivals.isReconnecting && !text.ended,
                                caretBlockId: streaming ? shown.caretBlock?.id : nil,
                                language: responseLanguage)
        return ContentDecisions(
            timeMs: timeMs, revealedChars: revealed, bufferedChars: text.count - revealed,
            pendingChars: text.lastBoundary(atOrBefore: text.count, notBefore: revealed) - revealed,
            responseDirection: responseDirection, streamEnded: text.ended, allRevealed: allRevealed,
            document: document, overlays: overlays)
    }

    public func decideView(_ content: ContentDecisions, document: any ScrollContent, viewportHeight: Double) -> ViewDecisions {
        let target = max(0, document.contentHeight - viewportHeight)
        // New lines may sink into the whole bottom inset while the view eases after them; only
        // while the reconnecting pill is up do they stop above its band.
        let lagRoom = content.overlays.reconnecting ? document.bottomInset - document.overlayBand : document.bottomInset
        scroll = profile.motion.easedScroll(from: scroll, to: target, frameMs: frameMs, maxLag: max(0, lagRoom))
        let visible = document.visibleRange(top: scroll, bottom: scroll + viewportHeight)
        let opacities = visible.map { index -> Double in
            let shownAtMs = decisions[document.blockId(at: index)]?.shownAtMs ?? content.timeMs
            return profile.motion.opacity(sinceShownMs: content.timeMs - shownAtMs, frameMs: frameMs)
        }
        let settled = content.allRevealed && opacities.allSatisfy { $0 >= 1 } && scroll == target
        settledSinceMs = settled ? (settledSinceMs ?? content.timeMs) : nil
        return ViewDecisions(scroll: scroll, visible: visible, opacities: opacities, settled: settled, pinnedToBottom: target > 0)
    }

    /// A snapshot rewrote the text from `offset`: what was shown there is gone, its blocks with it.
    private func forgetText(from offset: Int) {
        revealed = min(revealed, offset)
        parser.rewind(to: offset)
        reportedFinished = 0
        parsedRevealed = -1
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
            if responseDirection != nil { responseLanguage = .of(text.scalars[...]) }
        }
    }

    /// The display buffer's step, then the parse of what it reveals.
    private func reveal(_ text: ArrivedText, at timeMs: Double) {
        let input = PacingInput(text: text, revealed: revealed, timeMs: timeMs, frameMs: frameMs)
        let step = timer.measure(.pacing) { profile.pacing.step(&pacingState, input) }
        revealed = max(revealed, min(text.count, step))
        let allShown = text.ended && revealed == text.count
        if reparsesEveryFrame {
            parser = BlockParser()
            reportedFinished = 0
            parsedRevealed = -1
        }
        if revealed != parsedRevealed || allShown {
            timer.measure(.parse) { parser.update(text.scalars[..<revealed], lookahead: text.scalars[revealed...], ended: allShown) }
            revisedFinished = [revisedFinished, parser.firstRevised].compactMap { $0 }.min()
            parsedRevealed = revealed
        }
    }

    /// Every block that may have changed since the last frame, with its decisions.
    private func decideBlocks(_ text: ArrivedText, response: WritingDirection, notice: String?, at timeMs: Double) -> DocumentDecisions {
        let finished = parser.finished
        let open = parser.open
        // A finished block whose text was revised (a late link definition) is laid out again.
        reportedFinished = min(reportedFinished, finished.count, revisedFinished ?? .max)
        revisedFinished = nil
        var changed: [DecidedBlock] = []
        let shownCount = ShownBlocks(finished: finished, open: open).count
        // The block text is being typed into: the last shown one, while the text still streams.
        let streaming = !(text.ended && revealed == text.count)
        let growingId = streaming && shownCount > finished.count ? open[shownCount - finished.count - 1].id : nil
        for index in reportedFinished..<shownCount {
            let block = index < finished.count ? finished[index] : open[index - finished.count]
            var decision = decide(block, text: text, response: response, at: timeMs)
            decision.growingLineAtStart = profile.alignment.holdsGrowingLineAtStart && block.id == growingId
            changed.append(DecidedBlock(block: block, decision: decision))
        }
        if let notice {
            let block = Block(id: Self.noticeId, kind: .notice, content: StyledText(notice), isFinished: true, sourceStart: 0, contentStart: 0)
            let decision = decisions[block.id] ?? firstDecision(block, text: text, response: response, at: timeMs)
            decisions[block.id] = decision
            changed.append(DecidedBlock(block: block, decision: decision))
        }
        let document = DocumentDecisions(unchangedCount: reportedFinished, changed: changed)
        reportedFinished = finished.count
        return document
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
            decision.cells.append(row.enumerated().map { column, cell in
                let direction = profile.direction.blockDirection(firstLine: Array(cell.text.unicodeScalars.prefix(DirectionRule.windowLength))[...],
                                                                 isCode: false, response: decision.direction)
                let delimiter = column < block.columnAlignments.count ? block.columnAlignments[column] : nil
                return CellDecision(direction: direction, alignment: profile.alignment.resolveCell(delimiter, direction: direction,
                                                                                                   tableDirection: decision.direction))
            })
        }
        decisions[block.id] = decision
        return decision
    }

    /// Direction from the block's first line as it has arrived (read ahead of what is revealed),
    /// pitch from its paragraph as it has arrived, alignment resolved once against the direction.
    private func firstDecision(_ block: Block, text: ArrivedText, response: WritingDirection, at timeMs: Double) -> BlockDecision {
        let scalars = text.scalars
        let start = min(block.contentStart, scalars.count)
        let firstLine = scalars[start...].prefix { $0 != "\n" }.prefix(DirectionRule.windowLength)
        let direction = profile.direction.blockDirection(firstLine: firstLine, isCode: block.kind.isCode, response: response)
        return BlockDecision(direction: direction, alignment: profile.alignment.resolve(direction: direction, isCode: block.kind.isCode),
                             pitch: profile.pitch.pitch(arabic: !block.kind.isCode && profile.pitch.isArabic(scalars, from: start, arabicResponse: responseLanguage == .arabic)),
                             shownAtMs: timeMs,
                             containerDirection: containerDirection(of: block, direction: direction, response: response))
    }

    /// The direction of the block's outermost container, which its inner containers share: a
    /// list's is decided by the first block shown in it, for all its items (code, always LTR,
    /// leaves it to the response's), as `dir=auto` on the list would; a quote's is the
    /// response's, as a quote inherits the answer's direction in a browser. Kept once decided.
    private func containerDirection(of block: Block, direction: WritingDirection, response: WritingDirection) -> WritingDirection {
        guard let outermost = block.containers.first else { return direction }
        let key = outermost.list ?? outermost.id
        if let decided = containerDirections[key] { return decided }
        let decided = outermost.kind == .blockQuote || block.kind.isCode ? response : direction
        containerDirections[key] = decided
        return decided
    }
}
