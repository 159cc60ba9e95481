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

    /// What `write` made: the contact sheet, and the animation when asked for.
    public struct Output: Sendable {
        public var contactSheet: String
        public var animation: String?
    }

    /// Writes `contact-sheet.png` (one cell per `everyMs`: A, B and their diff) and, when asked,
    /// `side-by-side.png`, an animation of A | B | diff at real speed, at most
    /// `maxAnimationFrames` pictures (a few MB at the default scale).
    /// - Parameter progress: steps done and the steps there are (cells, then animation frames).
    /// - Throws: `InputError` for missing frames, `GraphicsError`, or the file system's error.
    public func write(
        to outputDirectory: String, everyMs: Double = 1000, animation: Bool = false, scale: Double = 0.25,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Output {
        // One cell per interval: a zero, tiny or infinite one would never end or hold nothing.
        guard everyMs.isFinite, everyMs >= 1 else { throw InputError("compare: an interval of \(everyMs) ms; expected 1 ms or more") }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let end = max(a.durationMs, b.durationMs)
        let cellCount = Int(((end + everyMs - 1) / everyMs).rounded(.down)) + 1
        let step = Self.animationStepMs(end: end)
        let total = cellCount + (animation ? Int(end / step) + 1 : 0)
        let sheet = (outputDirectory as NSString).appendingPathComponent("contact-sheet.png")
        try Data(
            try ContactSheet.png(
                cells(end: end, everyMs: everyMs) { progress($0, total) }, title: title(), fonts: fonts,
                columns: 3, thumbnailWidth: Self.thumbnailWidth)
        )
        .write(to: URL(fileURLWithPath: sheet))
        guard animation else { return Output(contactSheet: sheet, animation: nil) }
        let path = (outputDirectory as NSString).appendingPathComponent("side-by-side.png")
        try Data(try sideBySide(end: end, stepMs: step, scale: scale) { progress(cellCount + $0, total) }).write(to: URL(fileURLWithPath: path))
        return Output(contactSheet: sheet, animation: path)
    }

    /// The animation's pictures at most: 120 at a quarter of a phone's size is about 4 MB.
    public static let maxAnimationFrames = 120
    /// The contact sheet's pictures, in pixels across: what its diffs are taken at.
    static let thumbnailWidth = 200.0

    /// 10 pictures a second, fewer on a long stream so that there are at most `maxAnimationFrames`.
    static func animationStepMs(end: Double) -> Double {
        max(100, (end / Double(maxAnimationFrames - 1)).rounded(.up))
    }

    /// Which render is which, and whose decisions each shows.
    private func title() -> String {
        let nameA = (a.path as NSString).lastPathComponent
        let nameB = (b.path as NSString).lastPathComponent
        return "A = \(nameA) (\(a.manifest.clientSummary))   |   B = \(nameB) (\(b.manifest.clientSummary))   |   diff (magenta)"
    }

    /// One cell every `everyMs` up to `end`: A, B, their diff (taken of the thumbnails the sheet
    /// shows), and either side's finding on that frame.
    /// Both renders' frames are the same size in pixels: a diff means something.
    private var sameSize: Bool {
        a.manifest.viewport.width == b.manifest.viewport.width && a.manifest.viewport.height == b.manifest.viewport.height
    }

    private func cells(end: Double, everyMs: Double, done: (Int) -> Void) throws -> [ContactSheet.Cell] {
        // A's side and B's side are independent: each is read, judged and shrunk on its own core.
        let (findingsA, findingsB) = try bothAtOnce({ a.check().findings }, { b.check().findings })
        let scale = Self.thumbnailWidth / Double(a.manifest.viewport.width)
        let (thumbnails, thumbnailsB) = (
            try Thumbnails(viewport: a.manifest.viewport, scale: scale),
            try Thumbnails(viewport: a.manifest.viewport, scale: scale)
        )
        var cells: [ContactSheet.Cell] = []
        var time = 0.0
        while time <= end + everyMs - 1 {
            let t = min(time, end)
            let (frameA, frameB) = (a.frame(at: t), b.frame(at: t))
            let (smallA, smallB) = try bothAtOnce(
                { try thumbnails.small(try a.image(frameA)) },
                { try thumbnailsB.small(try b.image(frameB)) })
            let diff = thumbnails.diff(smallA, smallB, sameSize: sameSize)
            let notes = [
                findingsA.first { $0.frameIndex == frameA.index }.map { "A: \($0.message)" },
                findingsB.first { $0.frameIndex == frameB.index }.map { "B: \($0.message)" }
            ].compactMap { $0 }
            cells.append(
                ContactSheet.Cell(
                    label: String(format: "%.1f s · A %d chars · B %d chars", t / 1000, frameA.revealedChars, frameB.revealedChars),
                    note: notes.isEmpty ? nil : "! " + notes.joined(separator: " · "),
                    images: [smallA, smallB, diff]))
            done(cells.count)
            time += everyMs
        }
        return cells
    }

    /// A | B | diff, a picture every `stepMs` of stream time: each side scaled down first and the
    /// diff taken of the small pictures, so a picture costs a fraction of a full-size diff.
    private func sideBySide(end: Double, stepMs: Double, scale: Double, done: (Int) -> Void) throws -> [UInt8] {
        let thumbnails = try Thumbnails(viewport: a.manifest.viewport, scale: scale)
        let (width, height) = (thumbnails.width, thumbnails.height)
        let canvas = try Canvas(width: width * 3 + 16, height: height)
        var frames: [(rgb: [UInt8], durationMs: Double)] = []
        var previous: (Int, Int) = (-1, -1)
        var time = 0.0
        while time <= end {
            let (frameA, frameB) = (a.frame(at: time), b.frame(at: time))
            if (frameA.index, frameB.index) != previous || frames.isEmpty {
                let smallA = try thumbnails.small(try a.image(frameA))
                let smallB = try thumbnails.small(try b.image(frameB))
                canvas.fill(Color(hex: 0xC7C7CC))
                for (x, image) in [(0, smallA), (width + 8, smallB), (2 * width + 16, thumbnails.diff(smallA, smallB, sameSize: sameSize))] {
                    try canvas.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: Double(x), y: 0)
                }
                frames.append((canvas.rgbBytes(), stepMs))
                previous = (frameA.index, frameB.index)
            } else {
                frames[frames.count - 1].durationMs += stepMs
            }
            done(Int(time / stepMs) + 1)
            time += stepMs
        }
        return try AnimatedPNG.encode(frames, width: canvas.width, height: canvas.height)
    }
}
