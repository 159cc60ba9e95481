/// What was decided about a block when it was first shown; kept for the rest of the render.
struct BlockDecision {
    var direction: WritingDirection
    var arabicPitch: Bool
    let shownAtMs: Double
}

/// A laid-out block at its place in the document (y from the document's top, in pixels).
struct PlacedBlock {
    let layout: LaidOutBlock
    let top: Double
    let decision: BlockDecision
    /// What the layout was made from; a block is laid out again only when this changes.
    let key: LayoutKey

    var bottom: Double { top + layout.height }
}

struct LayoutKey: Equatable {
    let content: String
    let direction: WritingDirection
    let rowCount: Int
    let isFinished: Bool
    let arabicPitch: Bool
}

/// The document as laid out: every block shown so far, in order, with its position.
/// Finished blocks keep their layout and position; only the open tail is laid out again,
/// so per-frame work does not grow with the document.
final class DocumentLayout {
    private(set) var placed: [PlacedBlock] = []
    /// Every block ever shown, with its latest layout (a rewrite removes blocks from `placed`, not from here).
    private(set) var everShown: [Int: PlacedBlock] = [:]
    private var decisions: [Int: BlockDecision] = [:]
    /// Leading entries of `placed` that are finished and final.
    private var stableCount = 0
    private let layouter: BlockLayouter
    private let policy: DirectionPolicy
    /// A notice shown after the blocks (a failed stream with no text).
    var noticeText: String?
    static let noticeId = -1
    let topPadding: Double
    let spacing: Double

    init(layouter: BlockLayouter, policy: DirectionPolicy) {
        self.layouter = layouter
        self.policy = policy
        topPadding = layouter.margin
        spacing = layouter.theme.blockSpacing * layouter.scale
    }

    /// Brings the layout up to date with the parser.
    /// - Parameters:
    ///   - arrived: all arrived text, read ahead to decide a new block's direction and pitch.
    ///   - response: the response's direction.
    func sync(with parser: BlockParser, arrived: ArrivedText, response: WritingDirection, timeMs: Double) throws {
        let finished = parser.finished
        let open = parser.open
        let total = finished.count + open.count
        stableCount = min(stableCount, finished.count)
        for index in stableCount..<total {
            let block = index < finished.count ? finished[index] : open[index - finished.count]
            var decision = decisions[block.id] ?? decide(block, arrived: arrived, response: response, timeMs: timeMs)
            if policy.lock == .none, !block.kind.isCode {
                let shown = block.content.unicodeScalars.prefix { $0 != "\n" }
                decision.direction = policy.naiveDirection(of: Array(shown)[...])
            }
            if !decision.arabicPitch, block.content.unicodeScalars.contains(where: ScriptClass.isArabicLetter) {
                decision.arabicPitch = true
            }
            decisions[block.id] = decision
            try place(block, at: index, decision: decision)
        }
        if let noticeText {
            let notice = Block(id: Self.noticeId, kind: .notice, content: noticeText, isFinished: true,
                               sourceStart: arrived.count, contentStart: arrived.count)
            let entry = try place(notice, at: total, decision: decisions[notice.id] ?? decide(notice, arrived: arrived, response: response, timeMs: timeMs))
            decisions[notice.id] = entry.decision
        }
        let count = total + (noticeText == nil ? 0 : 1)
        if placed.count > count { placed.removeLast(placed.count - count) }
        stableCount = finished.count
    }

    /// Lays out `block` at `index` (reusing the layout when nothing changed) and returns its entry.
    @discardableResult
    private func place(_ block: Block, at index: Int, decision: BlockDecision) throws -> PlacedBlock {
        let key = LayoutKey(content: block.content, direction: decision.direction, rowCount: block.rows.count, isFinished: block.isFinished,
                            arabicPitch: decision.arabicPitch)
        let top = index == 0 ? topPadding : placed[index - 1].bottom + spacing
        if index < placed.count, placed[index].layout.blockId == block.id, placed[index].key == key {
            if placed[index].top != top {
                placed[index] = PlacedBlock(layout: placed[index].layout, top: top, decision: decision, key: key)
            }
            return placed[index]
        }
        let laidOut = try layouter.layout(block, direction: decision.direction, arabicPitch: decision.arabicPitch)
        let entry = PlacedBlock(layout: laidOut, top: top, decision: decision, key: key)
        if index < placed.count { placed[index] = entry } else { placed.append(entry) }
        everShown[block.id] = entry
        return entry
    }

    /// The text was rewritten: every block must be compared with the parser again (a rare,
    /// whole-document pass).
    func textWasRewritten() {
        stableCount = 0
    }

    /// Drops every layout, so the next sync lays everything out again (the naive baseline).
    func forgetLayouts() {
        placed = []
    }

    /// The bottom of the last block, or the top padding when there is none.
    var contentBottom: Double { placed.last?.bottom ?? topPadding }

    /// Indices of the blocks that intersect `[top, bottom)`, found by binary search.
    func visibleRange(top: Double, bottom: Double) -> Range<Int> {
        var low = 0
        var high = placed.count
        while low < high {
            let mid = (low + high) / 2
            if placed[mid].bottom + placed[mid].layout.inkOverhang < top { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < placed.count, placed[end].top - placed[end].layout.inkOverhang < bottom { end += 1 }
        return low..<end
    }

    private func decide(_ block: Block, arrived: ArrivedText, response: WritingDirection, timeMs: Double) -> BlockDecision {
        let scalars = arrived.scalars
        let start = min(block.contentStart, scalars.count)
        let firstLine = scalars[start...].prefix { $0 != "\n" }.prefix(DirectionRule.windowLength)
        let direction = policy.blockDirection(firstLine: firstLine, isCode: block.kind.isCode, response: response)
        // Read ahead to the block's end as far as it has arrived, so the pitch is right from the first line.
        var arabic = false
        var index = start
        var previousNewline = false
        while index < scalars.count, index < start + 2000 {
            let scalar = scalars[index]
            if scalar == "\n" {
                if previousNewline { break }
                previousNewline = true
            } else {
                previousNewline = false
                if ScriptClass.isArabicLetter(scalar) { arabic = true; break }
            }
            index += 1
        }
        return BlockDecision(direction: direction, arabicPitch: arabic, shownAtMs: timeMs)
    }
}

extension LaidOutBlock {
    /// How far ink may reach outside the block's box (diacritics above, descenders below).
    var inkOverhang: Double { max(0, -inkExtent.top, inkExtent.bottom - height) }
}
