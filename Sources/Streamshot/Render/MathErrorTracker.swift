/// Turns the formulas shown as written because their TeX cannot be read into `math-error`
/// warnings: one per formula as written, at the first frame it is seen on, in the order frames
/// and then blocks top to bottom show them.
struct MathErrorTracker {
    private var reported: Set<String> = []
    private(set) var warnings: [RenderWarning] = []

    /// Records the unreadable formulas `scene` shows for the first time.
    mutating func note(_ scene: FrameScene) {
        for visible in scene.blocks where visible.opacity > 0 {
            for error in visible.placed.layout.formulaErrors where reported.insert(error.written).inserted {
                warnings.append(
                    RenderWarning(
                        kind: .mathError,
                        message: "the formula \(error.written) cannot be typeset: \(error.message); shown as written from frame "
                            + "\(scene.index) (\(Int(scene.timeMs)) ms)",
                        timeMs: scene.timeMs))
            }
        }
    }
}
