/// Turns each scene into its manifest frame. Most frames of a slow stream show the blocks of the
/// frame before, unchanged and in the same place (the reader waits for the next words): such a
/// frame takes the previous frame's block records as they are — the same array, so whoever
/// compares the two frames' blocks (a detector skipping repeats) does it in one step — instead of
/// converting every line again.
struct FrameRecorder {
    /// What the previous frame's blocks were made from. The layouts are held (not their
    /// identifiers) so that a new layout can never be mistaken for a freed one at its address.
    private struct Made {
        let layouts: [LaidOutBlock]
        let places: [BlockPlace]
        let caretBlockId: Int?
        let blocks: [Frame.Block]
        let caret: Frame.Caret?
    }

    /// Everything of a visible block that its record depends on besides its layout.
    private struct BlockPlace: Equatable {
        let dy: Double
        let opacity: Double
        let growing: Bool
        let tableScroll: Double
    }

    let viewportHeight: Double?
    private var previous: Made?

    init(viewportHeight: Double?) {
        self.viewportHeight = viewportHeight
    }

    mutating func frame(for scene: FrameScene, file: String) -> Frame {
        let layouts = scene.blocks.map(\.placed.layout)
        let places = scene.blocks.map { visible in
            BlockPlace(
                dy: visible.placed.top - scene.scroll, opacity: visible.opacity, growing: visible.placed.decision.growingLineAtStart,
                tableScroll: visible.placed.layout.tableScroll)
        }
        let caretBlockId = scene.overlays.caretBlockId
        if let made = previous, made.places == places, made.caretBlockId == caretBlockId, made.layouts.count == layouts.count,
            zip(made.layouts, layouts).allSatisfy({ $0 === $1 })
        {
            return scene.manifestFrame(file: file, blocks: made.blocks, caret: made.caret)
        }
        let frame = scene.manifestFrame(file: file, viewportHeight: viewportHeight)
        previous = Made(layouts: layouts, places: places, caretBlockId: caretBlockId, blocks: frame.blocks, caret: frame.caret)
        return frame
    }
}
