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
    let content: StyledText
    let containers: [BlockContainer]
    let decision: BlockDecision
    let isFinished: Bool
}

/// The document as laid out: every block shown so far, in order, with its position. It lays
/// blocks out as the client model decided them and decides nothing itself. Finished blocks keep
/// their layout and position; only what the model lists as changed is looked at again, so
/// per-frame work does not grow with the document.
final class DocumentLayout: ScrollContent {
    private(set) var placed: [PlacedBlock] = []
    /// Every block ever shown, with its latest layout (a rewrite removes blocks from `placed`, not from here).
    private(set) var everShown: [Int: PlacedBlock] = [:]
    /// The layouts the last `apply` made (blocks it reused are not here).
    private(set) var newLayouts: [LaidOutBlock] = []
    private let layouter: BlockLayouter
    /// The space above the first block: the top margin, and the leading row's room when there is one.
    private(set) var topPadding: Double
    /// How many rows room is kept for above the first block ("Thought for 4s", tool cards).
    private(set) var leadingRows = 0
    var hasLeadingRow: Bool { leadingRows > 0 }
    let spacing: Double
    let tightSpacing: Double
    let headingSpacing: Double

    init(layouter: BlockLayouter) {
        self.layouter = layouter
        topPadding = layouter.topMargin
        spacing = layouter.theme.blockSpacing * layouter.scale
        tightSpacing = layouter.theme.tightListSpacing * layouter.scale
        headingSpacing = layouter.theme.headingSpacing * layouter.scale
    }

    /// Lays out the blocks the client model listed as changed, and drops blocks past its count.
    func apply(_ document: DocumentDecisions) throws {
        newLayouts = []
        if document.leadingRows != leadingRows { keepLeadingRows(document.leadingRows) }
        precondition(
            document.unchangedCount <= placed.count,
            "the client model kept \(document.unchangedCount) blocks unchanged, but only \(placed.count) are laid out")
        for (offset, decided) in document.changed.enumerated() {
            try place(decided.block, at: document.unchangedCount + offset, decision: decided.decision)
        }
        if placed.count > document.blockCount { placed.removeLast(placed.count - document.blockCount) }
    }

    /// Lays out `block` at `index`, reusing the layout when neither it nor its decisions changed.
    private func place(_ block: Block, at index: Int, decision: BlockDecision) throws {
        let key = LayoutKey(content: block.content, containers: block.containers, decision: decision, isFinished: block.isFinished)
        let gap = gapAbove(block)
        let top = index == 0 ? topPadding : placed[index - 1].bottom + gap
        if index < placed.count, placed[index].layout.blockId == block.id, placed[index].key == key {
            if placed[index].top != top {
                placed[index] = PlacedBlock(layout: placed[index].layout, top: top, decision: decision, key: key)
            }
            return
        }
        let laidOut = try layouter.layout(block, decision: decision, gapAbove: index == 0 ? 0 : gap)
        let entry = PlacedBlock(layout: laidOut, top: top, decision: decision, key: key)
        if index < placed.count { placed[index] = entry } else { placed.append(entry) }
        everShown[block.id] = entry
        newLayouts.append(laidOut)
    }

    /// The space above a block: blocks of a tight list sit closer together than others, as
    /// GitHub sets them, except the list's first.
    private func gapAbove(_ block: Block) -> Double {
        // A heading opens a section: more room above it than between any block's own lines.
        if case .heading = block.kind, block.containers.isEmpty { return headingSpacing }
        // From the innermost list out: a loose list spaces its blocks apart; a tight one sets them
        // close, except where the list itself begins — there its surroundings decide.
        for container in block.containers.reversed() {
            guard case .listItem(_, let index, _, let tight) = container.kind else { continue }
            if !tight { return spacing }
            if !(container.startsHere && index == 0) { return tightSpacing }
        }
        return spacing
    }

    /// The leading row's box: the top margin down, one label line tall (the blocks start a
    /// block's spacing below it).
    var leadingRowTop: Double { layouter.topMargin }
    var leadingRowHeight: Double { (layouter.theme.labelSize * 1.4 * layouter.theme.textScale).rounded() * layouter.scale }
    /// From one leading row's top to the next's: a card's padding apart.
    var leadingRowPitch: Double { leadingRowHeight + 12 * layouter.scale }

    /// The top of leading row `index`.
    func leadingRowTop(_ index: Int) -> Double { leadingRowTop + Double(index) * leadingRowPitch }

    /// Keeps room for the leading rows, or gives it back; blocks already placed move with it (the
    /// client decides the rows with the first block, so in practice nothing shown moves).
    private func keepLeadingRows(_ count: Int) {
        leadingRows = count
        let rows = count == 0 ? 0 : leadingRowTop(count - 1) + leadingRowHeight - leadingRowTop
        let newPadding = layouter.topMargin + (count > 0 ? rows + spacing : 0)
        let shift = newPadding - topPadding
        topPadding = newPadding
        placed = placed.map { PlacedBlock(layout: $0.layout, top: $0.top + shift, decision: $0.decision, key: $0.key) }
        for block in placed { everShown[block.layout.blockId] = block }
    }

    /// Drops every layout, so the next frame lays everything out again (the naive baseline).
    func forgetLayouts() {
        placed = []
    }

    /// The bottom of the last block, or the top padding when there is none.
    var contentBottom: Double { placed.last?.bottom ?? topPadding }

    /// The theme's bottom inset in pixels: the composer's space under the last block.
    var bottomInset: Double { layouter.composerInset }
    /// The status pill sits centred in the inset; from its top down is the overlays' band.
    var overlayBand: Double { (layouter.theme.bottomInset + layouter.theme.pillHeight) / 2 * layouter.scale }
    var bodySize: Double { layouter.theme.bodySize * layouter.scale }

    /// The document's height with the composer's inset and the bottom safe area below the last
    /// block: pinned, the newest line sits above both, and only the inset is room to lag into.
    var contentHeight: Double { contentBottom + bottomInset + layouter.bottomSafeArea }

    func blockId(at index: Int) -> Int { placed[index].layout.blockId }

    /// From the end: the table a reader drags is the last shown.
    func sidewaysRoom(ofBlock id: Int) -> Double {
        placed.last { $0.layout.blockId == id }?.layout.sidewaysRoom ?? 0
    }

    func innerRoom(ofBlock id: Int) -> Double {
        placed.first { $0.layout.blockId == id }?.layout.innerRoom ?? 0
    }

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
}

extension LaidOutBlock {
    /// How far ink may reach outside the block's box (diacritics above, descenders below).
    var inkOverhang: Double { max(0, -inkExtent.top, inkExtent.bottom - height) }
}
