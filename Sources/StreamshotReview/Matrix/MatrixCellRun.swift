import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotGraphics

/// Renders one cell into its folder as `streamshot render` would (frames/, manifest.json), then
/// judges it as `check` does and writes what the matrix page shows of it: `check.json`, a
/// timeline and `report.html`, and two thumbnails.
struct MatrixCellRun {
    let input: String
    let cell: RenderMatrix.Cell
    /// `<input name>/<cell name>`, relative to the matrix's folder.
    let folder: String
    let matrixDirectory: String
    let fontsDirectory: String
    /// The options every cell shares, as the CLI takes them (for the row's record).
    let sharedArguments: [String]

    /// Thumbnails are this wide, in pixels.
    static let thumbnailWidth = 180.0

    func run() -> MatrixRow {
        let directory = (matrixDirectory as NSString).appendingPathComponent(folder)
        var row = MatrixRow(
            input: input, cell: cell.name, title: cell.title,
            values: cell.axes,
            arguments: sharedArguments + cell.arguments, folder: folder, frames: 0, distinctFrames: 0,
            check: .init(passed: false, failing: [], findings: 0), renderMs: 0, reviewMs: 0,
            finalThumbnail: folder + "/thumbnails/final.png", keyThumbnail: folder + "/thumbnails/key.png",
            keyMoment: "", report: folder + "/report.html")
        do {
            var settings = cell.settings
            settings.fonts = fontsDirectory
            let started = ContinuousClock.now
            // Repeated frames hard-linked: a matrix of eight cells is eight renders' worth of disk otherwise.
            let result = try settings.job(input: .file(input)).render(to: directory, repeats: .hardLinked)
            row.renderMs = Self.milliseconds(since: started)
            row.frames = result.frameCount
            row.distinctFrames = result.distinctFrames
            let reviewed = ContinuousClock.now
            try review(directory, into: &row)
            row.reviewMs = Self.milliseconds(since: reviewed)
        } catch {
            row.error = "\(error)"
        }
        return row
    }

    private func review(_ directory: String, into row: inout MatrixRow) throws {
        let render = try RenderDirectory(path: directory)
        let report = render.check()
        row.check = .init(
            passed: report.passed, failing: report.detectors.filter { !$0.passed }.map(\.name),
            findings: report.findings.count)
        try Data(CheckReportText.json(report).utf8).write(to: URL(fileURLWithPath: directory + "/check.json"))
        let fonts = try FontLibrary(directory: fontsDirectory)
        let review = Review(render: render, fonts: fonts)
        try Data(try TimelinePlot.png(render.manifest, findings: report.findings, fonts: fonts)).write(
            to: URL(fileURLWithPath: directory + "/timeline.png"))
        _ = try review.writeReport(report, timeline: directory + "/timeline.png", goldenArtifacts: nil)
        guard let last = render.manifest.frames.last else { return }
        let (key, reason) = Self.keyMoment(render.manifest, report: report)
        row.keyMoment = reason
        try FileManager.default.createDirectory(atPath: directory + "/thumbnails", withIntermediateDirectories: true)
        try thumbnail(render, last, to: directory + "/thumbnails/final.png")
        try thumbnail(render, key, to: directory + "/thumbnails/key.png")
    }

    /// The frame a reviewer should see beside the last: where the first failing rule fired, or,
    /// when all pass, the middle of the stream (text still arriving).
    static func keyMoment(_ manifest: Manifest, report: CheckReport) -> (Frame, String) {
        let failing = report.detectors.filter { !$0.passed }.flatMap(\.findings).min { $0.frameIndex < $1.frameIndex }
        if let finding = failing, let frame = manifest.frames.first(where: { $0.index == finding.frameIndex }) {
            return (frame, "\(finding.detector) at \(SettingRange.text((frame.timeMs / 10).rounded() / 100)) s")
        }
        let middle = manifest.frames[manifest.frames.count / 2]
        return (middle, "mid-stream at \(SettingRange.text((middle.timeMs / 10).rounded() / 100)) s")
    }

    private func thumbnail(_ render: RenderDirectory, _ frame: Frame, to path: String) throws {
        let image = try render.image(frame)
        let scale = Self.thumbnailWidth / Double(image.width)
        let canvas = try Canvas(width: Int(Self.thumbnailWidth), height: max(1, Int((Double(image.height) * scale).rounded())))
        try canvas.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: 0, y: 0, scale: scale)
        try Data(try canvas.cairoPNG()).write(to: URL(fileURLWithPath: path))
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15).rounded()
    }
}
