/// The tool calls made inside the answer, as cards in its flow (`FlowCards`).
extension StrategyClient {
    /// The cards of the calls whose place the reveal reached this frame: the blocks from each
    /// one's place on are handed to layout again, with the card before them.
    func placeFlowCards(_ text: ArrivedText) {
        guard profile.overlays.activity?.toolCards == true else { return }
        for card in flowCards.place(activity.calls, text: text, revealed: revealed) {
            parsed.handOver(from: parsed.shownBlocks(before: card.afterChars))
        }
    }

    /// The answer's blocks handed to layout this frame, from block `first` of the parse on, with
    /// the cards among them where their calls were made.
    /// - Returns: how many cards stand before block `first` (unchanged, as the blocks there
    ///   are), and the blocks with the other cards in their places.
    func withFlowCards(
        _ blocks: [DecidedBlock], from first: Int, text: ArrivedText, response: WritingDirection, at timeMs: Double
    ) -> (before: Int, blocks: [DecidedBlock]) {
        guard !flowCards.cards.isEmpty else { return (0, blocks) }
        var before = 0
        var merged: [DecidedBlock] = []
        var next = 0
        let shown = parsed.shown.count
        for (index, card) in flowCards.cards.enumerated() {
            let place = card.settledPlace ?? parsed.shownBlocks(before: card.afterChars)
            if card.settledPlace == nil, place < shown { flowCards.settle(index, at: place) }
            if place < first {
                before += 1
                continue
            }
            while next < blocks.count, first + next < place {
                merged.append(blocks[next])
                next += 1
            }
            let room = Block(id: card.id, kind: .toolCard, content: StyledText(""), isFinished: true, sourceStart: 0, contentStart: 0)
            merged.append(ownBlock(room, text: text, response: response, at: timeMs))
        }
        return (before, merged + blocks[next...])
    }

    /// Each card in the flow with its call as it stands this frame, for the overlay drawn in its room.
    var flowCardCalls: [(call: ToolCallRecord, block: Int)] {
        flowCards.cards.map { (activity.calls[$0.call], $0.id) }
    }
}
