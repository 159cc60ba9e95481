import Streamshot
import StreamshotGraphics

/// Frames scaled down as they are read: a diff of what is shown costs a fraction of a full-size
/// one, and a contact sheet holds 48 small pictures, not 48 frames (430 MB at 1170x2532).
struct Thumbnails {
    let width: Int
    let height: Int
    let scale: Double
    private let panel: Canvas

    init(viewport: Manifest.Viewport, scale: Double) throws {
        self.scale = scale
        width = max(1, Int(Double(viewport.width) * scale))
        height = max(1, Int(Double(viewport.height) * scale))
        panel = try Canvas(width: width, height: height)
    }

    func small(_ image: (width: Int, height: Int, rgb: [UInt8])) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        panel.fill(Color(hex: 0xC7C7CC))
        try panel.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: 0, y: 0, scale: scale)
        return (width, height, panel.rgbBytes())
    }

    /// B's pixels that differ from A's in magenta over a faded A (B itself when the viewports differ).
    func diff(_ a: (width: Int, height: Int, rgb: [UInt8]), _ b: (width: Int, height: Int, rgb: [UInt8]), sameSize: Bool)
        -> (width: Int, height: Int, rgb: [UInt8])
    {
        (width, height, sameSize ? ImageComparison.diffImage(expected: a.rgb, actual: b.rgb, perPixel: 0) : b.rgb)
    }
}
