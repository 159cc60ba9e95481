/// Turns the characters layout could not give a glyph into `missing-glyph` warnings: one per code
/// point, at the first frame it is seen on (a block in view with some opacity), in the order
/// frames and then blocks top to bottom and their text show them.
struct MissingGlyphTracker {
    private var reported: Set<Unicode.Scalar> = []
    private(set) var warnings: [RenderWarning] = []

    /// Records the code points `scene` shows for the first time.
    mutating func note(_ scene: FrameScene) {
        for visible in scene.blocks where visible.opacity > 0 {
            for scalar in visible.placed.layout.missingCharacters where reported.insert(scalar).inserted {
                warnings.append(
                    RenderWarning(
                        kind: .missingGlyph, message: Self.message(scalar, frame: scene.index, timeMs: scene.timeMs),
                        timeMs: scene.timeMs))
            }
        }
    }

    /// "U+1FAE8 (shaking face) has no glyph in the bundled fonts: shown as a box from frame 12 (200 ms)".
    static func message(_ scalar: Unicode.Scalar, frame: Int, timeMs: Double) -> String {
        let name = (scalar.properties.name ?? scalar.properties.nameAlias).map { " (\($0.lowercased()))" } ?? ""
        return "\(codePoint(scalar))\(name) has no glyph in the bundled fonts: shown as a box from frame \(frame) (\(Int(timeMs)) ms)"
    }

    /// U+XXXX, at least four hex digits, as Unicode writes code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
