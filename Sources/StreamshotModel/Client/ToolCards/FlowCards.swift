/// The tool calls the model made after its answer started, kept as Claude's app keeps them: a
/// card in the answer's flow where the call was made — after the text that came before it,
/// before the text after it (which starts a paragraph of its own: `TranscriptBuilder`) — from
/// the frame the reveal reaches that place on. A card is a block of the client's own that keeps
/// the card's room; its words are an overlay drawn there (`ActivityPolicy`), as they change
/// while the call runs, so the room never changes and nothing under it moves.
struct FlowCards {
    struct Card: Equatable {
        /// The call's index among the activity's calls.
        let call: Int
        /// Its block's id (`StrategyClient.firstToolCardId` and down).
        let id: Int
        /// Where in the answer's text the call was made.
        let afterChars: Int
        /// Its place among the answer's blocks, once a block stands after it (no block before
        /// it comes or goes after that, but for a rewrite, which takes the card back).
        var settledPlace: Int?
    }

    private(set) var cards: [Card] = []
    /// Cards made so far, those a rewrite took back included: ids are never reused.
    private var made = 0

    /// Cards for the calls made inside the answer whose place the reveal has reached; a call
    /// made inside a code block has none (the code goes on after it: there is no place between).
    /// - Returns: the cards new this frame.
    mutating func place(_ calls: [ToolCallRecord], text: ArrivedText, revealed: Int) -> [Card] {
        var new: [Card] = []
        for index in calls.indices.dropFirst(cards.last.map { $0.call + 1 } ?? 0) {
            guard let after = calls[index].afterChars else { continue }
            guard after <= revealed else { break }
            if text.isInsideCode(after - 1) { continue }
            new.append(Card(call: index, id: StrategyClient.firstToolCardId - made, afterChars: after))
            made += 1
        }
        cards += new
        return new
    }

    /// A rewrite took the text back to `offset`: the cards made after it go, and come back (as
    /// new blocks) when the reveal reaches their place again; the others' places are found anew.
    mutating func rewind(to offset: Int) {
        cards.removeAll { $0.afterChars > offset }
        for index in cards.indices { cards[index].settledPlace = nil }
    }

    /// Card `index` stands at `place` for good.
    mutating func settle(_ index: Int, at place: Int) {
        cards[index].settledPlace = place
    }
}
