/// Everything one frame shows: the client model's decisions joined with the laid-out blocks in
/// view. Paint draws it; the manifest records it.
struct FrameScene {
    struct VisibleBlock {
        let placed: PlacedBlock
        let opacity: Double
    }

    let index: Int
    let content: ContentDecisions
    let view: ViewDecisions
    let blocks: [VisibleBlock]
    /// What is drawn over and beside the text, placed.
    let placedOverlays: [PlacedOverlay]

    /// Joins the decisions with the layout of the blocks they put in view (the "compose" step).
    init(index: Int, content: ContentDecisions, view: ViewDecisions, document: DocumentLayout, overlays: [PlacedOverlay]) {
        self.index = index
        self.content = content
        self.view = view
        placedOverlays = overlays
        blocks = zip(view.visible, view.opacities).map { index, opacity in
            VisibleBlock(placed: document.placed[index], opacity: opacity)
        }
    }

    var timeMs: Double { content.timeMs }
    var scroll: Double { view.scroll }
    var overlays: Overlays { content.overlays }
}
