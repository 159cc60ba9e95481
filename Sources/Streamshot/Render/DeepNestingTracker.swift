/// Names the blocks nested deeper than the frame can indent in one `deep-nesting` warning (the
/// first such block, where it was first seen, and how many there are), so a reader of the
/// manifest knows the indentation stops there; the text itself is drawn in full, in the frame.
struct DeepNestingTracker {
    private var blocks: Set<Int> = []
    private var first: (blockId: Int, depth: Int, unindented: Int, frame: Int, timeMs: Double)?

    mutating func note(_ scene: FrameScene) {
        for visible in scene.blocks {
            let layout = visible.placed.layout
            guard layout.unindentedLevels > 0, blocks.insert(layout.blockId).inserted, first == nil else { continue }
            first = (layout.blockId, visible.placed.key.containers.count, layout.unindentedLevels, scene.index, scene.timeMs)
        }
    }

    var warnings: [RenderWarning] {
        guard let first else { return [] }
        let others = blocks.count - 1
        return [
            RenderWarning(
                kind: .deepNesting,
                message:
                    "block \(first.blockId) is nested \(first.depth) levels deep (quotes and list items) and its \(first.unindented) innermost levels are "
                    + "not indented, so its text stays inside the frame (first seen on frame \(first.frame), \(Int(first.timeMs)) ms)"
                    + (others > 0 ? "; \(others) more block(s) are nested past the indent too" : ""),
                timeMs: first.timeMs)
        ]
    }
}
