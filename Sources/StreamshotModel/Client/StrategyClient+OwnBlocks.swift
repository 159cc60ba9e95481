/// The client's own blocks beside the answer's: citation chips put into the parse, the Sources
/// list under the finished answer, the reasoning's body above it once opened.
extension StrategyClient {
    /// The chips whose sentences are shown, in the parse; a domain pill's label with its number.
    func placeCitations(_ text: ArrivedText, shownBefore: Int, at timeMs: Double) {
        guard profile.citations != .none, !arrivedCitations.isEmpty else { return }
        let stale = citations.update(arrivedCitations, text: text, revealed: revealed, shownBefore: shownBefore, at: timeMs)
        if profile.citations == .domain, parsed.reading.citationLabels.count < citations.cited.count {
            for (index, source) in citations.cited.enumerated() { parsed.reading.citationLabels[index + 1] = source.pillLabel }
        }
        if !citations.placed.isEmpty, !parsed.reading.citationChips { parsed.reading.citationChips = true }
        parsed.showChips(citations.marks, reflowed: stale != nil, text: text)
    }

    /// The reasoning's body, once the reader opened the "Thought for" row and the stream said
    /// what the model thought: muted, in a quote's bar, above the answer, in its own direction.
    func reasoningBody(response: WritingDirection, text: ArrivedText, at timeMs: Double) -> DecidedBlock? {
        guard reader.reasoningOpen, thoughtSeconds != nil else { return nil }
        let body = activity.reasoningText.trimmingSpaces
        guard !body.isEmpty else { return nil }
        let quote = BlockContainer(kind: .blockQuote, id: Self.reasoningId, startsHere: true)
        let block = Block(
            id: Self.reasoningId, kind: .paragraph, content: StyledText(body), containers: [quote], isFinished: true,
            sourceStart: 0, contentStart: 0)
        var decided = ownBlock(block, text: text, response: response, at: timeMs)
        decided.decision.window = LineWindow(maxLines: Self.reasoningLines, scrolled: reasoningScroll)
        return decided
    }

    /// How many of the reasoning's lines its opened box shows (the apps' box is about a third of
    /// a phone's screen); the reader scrolls it for the rest (`scroll-reasoning`).
    static let reasoningLines = 8

    /// A block of the client's own words (the reasoning's body, a Sources row), decided once:
    /// its direction, alignment and pitch read from its own first words, as a list item's are.
    func ownBlock(_ block: Block, text: ArrivedText, response: WritingDirection, at timeMs: Double) -> DecidedBlock {
        if let decision = decisions[block.id] { return DecidedBlock(block: block, decision: decision) }
        var decision = firstDecision(block, text: text, response: response, at: timeMs)
        let words = Array(block.content.text.unicodeScalars.prefix(DirectionRule.windowLength))[...]
        decision.direction = profile.direction.blockDirection(firstLine: words, isCode: false, response: response)
        decision.alignment = profile.alignment.resolve(direction: decision.direction, isCode: false)
        decision.containerDirection = decision.direction
        decision.pitch = profile.pitch.pitch(arabic: AppLanguage.of(words) == .arabic)
        decisions[block.id] = decision
        return DecidedBlock(block: block, decision: decision)
    }

    /// The Sources list under an answer all shown, in the answer's language, a row at a time
    /// (`SourcesList.rowMs` apart, so the pinned view eases after it as after text, a long list
    /// within 1.2 s); each row's
    /// direction read from its own words, as an item of the answer's lists is.
    func sourcesList(_ text: ArrivedText, response: WritingDirection, at timeMs: Double) -> [DecidedBlock] {
        guard text.ended, revealed == text.count, !citations.sources.isEmpty else { return [] }
        let language = AppLanguage.of(text.scalars[...], otherwise: appLanguage)
        let fromMs = sourcesFromMs ?? timeMs
        sourcesFromMs = fromMs
        let rows = min(citations.sources.count, Int((timeMs - fromMs) / SourcesList.rowMs(sources: citations.sources.count)) + 1)
        sourcesPending = rows < citations.sources.count
        return SourcesList.blocks(citations.sources, language: language).prefix(1 + rows).map {
            ownBlock($0, text: text, response: response, at: timeMs)
        }
    }
}
