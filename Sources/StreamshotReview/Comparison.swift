import Foundation
import Streamshot
import StreamshotAnalysis
public import StreamshotGraphics

/// Two renders of the same stream side by side, aligned by time: A | B | diff.
public struct Comparison {
    let a: RenderDirectory
    let b: RenderDirectory
    let fonts: FontLibrary

    public init(a: RenderDirectory, b: RenderDirectory, fonts: FontLibrary) {
        self.a = a
        self.b = b
        self.fonts = fonts
    }

    /// Writes `contact-sheet.png` (one cell per `everyMs`: A, B and their diff) and
    /// `side-by-side.png`, an animation of A | B | diff at real speed.
    /// - Returns: the two files' paths.
    /// - Throws: `InputError` for missing frames, `GraphicsError`, or the file system's error.
    public func write(to outputDirectory: String, everyMs: Double = 1000, scale: Double = 0.25) throws -> (contactSheet: String, animation: String) {
        // One cell per interval: a zero, tiny or infinite one would never end or hold nothing.
        guard everyMs.isFinite, everyMs >= 1 else { throw InputError("compare: an interval of \(everyMs) ms; expected 1 ms or more") }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let end = max(a.manifest.frames.last?.timeMs ?? 0, b.manifest.frames.last?.timeMs ?? 0)
        let sheet = (outputDirectory as NSString).appendingPathComponent("contact-sheet.png")
        try Data(try ContactSheet.png(cells(end: end, everyMs: everyMs), title: title(), fonts: fonts, columns: 3, thumbnailWidth: 200))
            .write(to: URL(fileURLWithPath: sheet))
        let animation = (outputDirectory as NSString).appendingPathComponent("side-by-side.png")
        try Data(try sideBySide(end: end, scale: scale)).write(to: URL(fileURLWithPath: animation))
        return (sheet, animation)
    }

    /// Which render is which, and whose decisions each shows.
    private func title() -> String {
        let nameA = (a.path as NSString).lastPathComponent
        let nameB = (b.path as NSString).lastPathComponent
        return "A = \(nameA) (\(a.manifest.clientSummary))   |   B = \(nameB) (\(b.manifest.clientSummary))   |   diff (magenta)"
    }

    /// One cell every `everyMs` up to `end`: A, B, their diff, and either side's finding on that frame.
    private func cells(end: Double, everyMs: Double) throws -> [ContactSheet.Cell] {
        let findingsA = a.check().findings
        let findingsB = b.check().findings
        var cells: [ContactSheet.Cell] = []
        var time = 0.0
        while time <= end + everyMs - 1 {
            let t = min(time, end)
            let (frameA, frameB) = (a.frame(at: t), b.frame(at: t))
            let imageA = try a.image(frameA)
            let imageB = try b.image(frameB)
            let diff = imageA.width == imageB.width && imageA.height == imageB.height
                ? ImageComparison.diffImage(expected: imageA.rgb, actual: imageB.rgb, perPixel: 0) : imageB.rgb
            let notes = [findingsA.first { $0.frameIndex == frameA.index }.map { "A: \($0.message)" },
                         findingsB.first { $0.frameIndex == frameB.index }.map { "B: \($0.message)" }].compactMap { $0 }
            cells.append(ContactSheet.Cell(
                label: String(format: "%.1f s · A %d chars · B %d chars", t / 1000, frameA.revealedChars, frameB.revealedChars),
                note: notes.isEmpty ? nil : "! " + notes.joined(separator: " · "),
                images: [imageA, imageB, (imageA.width, imageA.height, diff)]))
            time += everyMs
        }
        return cells
    }

    /// A | B | diff at 20 frames a second of stream time.
    private func sideBySide(end: Double, scale: Double) throws -> [UInt8] {
        let width = Int(Double(a.manifest.viewport.width) * scale)
        let height = Int(Double(a.manifest.viewport.height) * scale)
        let canvas = try Canvas(width: width * 3 + 16, height: height)
        var frames: [(rgb: [UInt8], durationMs: Double)] = []
        var previous: (Int, Int) = (-1, -1)
        var time = 0.0
        while time <= end {
            let (frameA, frameB) = (a.frame(at: time), b.frame(at: time))
            if (frameA.index, frameB.index) != previous || frames.isEmpty {
                let imageA = try a.image(frameA)
                let imageB = try b.image(frameB)
                canvas.fill(Color(hex: 0xC7C7CC))
                try canvas.drawImage(rgb: imageA.rgb, width: imageA.width, height: imageA.height, x: 0, y: 0, scale: scale)
                try canvas.drawImage(rgb: imageB.rgb, width: imageB.width, height: imageB.height, x: Double(width + 8), y: 0, scale: scale)
                if imageA.width == imageB.width && imageA.height == imageB.height {
                    let diff = ImageComparison.diffImage(expected: imageA.rgb, actual: imageB.rgb, perPixel: 0)
                    try canvas.drawImage(rgb: diff, width: imageA.width, height: imageA.height, x: Double(2 * width + 16), y: 0, scale: scale)
                }
                frames.append((canvas.rgbBytes(), 50))
                previous = (frameA.index, frameB.index)
            } else {
                frames[frames.count - 1].durationMs += 50
            }
            time += 50
        }
        return try AnimatedPNG.encode(frames, width: canvas.width, height: canvas.height)
    }
}
