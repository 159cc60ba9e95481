import Foundation
import Streamshot
import StreamshotAnalysis
public import StreamshotGraphics
import StreamshotProcess

/// What `streamshot review` writes for one render.
public struct ReviewOutput: Sendable {
    public var contactSheet: String
    public var timeline: String
    public var animation: String
    /// The HTML report, next to the render's frames.
    public var report: String
    public var video: [String]
    /// Why MP4/GIF were not made, when they were not.
    public var videoNote: String?
}

/// Review images for a render: contact sheet, timeline plot, animation.
public struct Review {
    let render: RenderDirectory
    let fonts: FontLibrary
    /// The report's title and heading: what the render is of.
    let title: String

    /// - Parameters:
    ///   - render: the render folder reviewed.
    ///   - fonts: the fonts the images' labels are drawn with.
    ///   - title: the report's title; by default "Streamshot review: " and the render folder's
    ///     name (the CLI's folders are named after what they render).
    public init(render: RenderDirectory, fonts: FontLibrary, title: String? = nil) {
        self.render = render
        self.fonts = fonts
        self.title = title ?? "Streamshot review: \((render.path as NSString).lastPathComponent)"
    }

    /// - Parameters:
    ///   - outputDirectory: where the files go.
    ///   - everyMs: the contact sheet's interval between timed frames.
    ///   - animationScale: the animation's size relative to the frames.
    ///   - goldenArtifacts: a folder of failed golden images (expected/actual/diff) to show in the report.
    ///   - ffmpeg: the ffmpeg to make MP4 and GIF with; nil makes neither.
    ///   - writing: told what is being made next ("contact sheet", "animation (521 frames)"…).
    /// - Returns: the files written.
    /// - Throws: `InputError` for missing frames, `GraphicsError`.
    public func write(
        to outputDirectory: String, everyMs: Double = 2000, animationScale: Double = 0.25,
        goldenArtifacts: String? = nil, ffmpeg: String? = Review.findFFmpeg(),
        writing: (String) -> Void = { _ in }
    ) throws -> ReviewOutput {
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        func file(_ name: String) -> String { (outputDirectory as NSString).appendingPathComponent(name) }
        let report = render.check()
        writing("contact sheet")
        try write(try contactSheet(report: report, everyMs: everyMs), to: file("contact-sheet.png"))
        writing("timeline")
        try write(try TimelinePlot.png(render.manifest, findings: report.findings, fonts: fonts), to: file("timeline.png"))
        writing("animation (\(render.manifest.frames.count) frames)")
        try write(try animation(scale: animationScale), to: file("animation.png"))
        if ffmpeg != nil { writing("MP4 and GIF (ffmpeg)") }
        let (video, note) = try videos(ffmpeg: ffmpeg, in: outputDirectory)
        writing("report")
        let reportPath = try writeReport(report, timeline: file("timeline.png"), goldenArtifacts: goldenArtifacts)
        return ReviewOutput(
            contactSheet: file("contact-sheet.png"), timeline: file("timeline.png"),
            animation: file("animation.png"), report: reportPath, video: video, videoNote: note)
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The key frames (at most 48), each labelled with why and any finding on it.
    func contactSheet(report: CheckReport, everyMs: Double) throws -> [UInt8] {
        let manifest = render.manifest
        let findings = report.findings
        var cells: [ContactSheet.Cell] = []
        // Each frame made small as it is read, at the sheet's size.
        let thumbnails = try Thumbnails(viewport: manifest.viewport, scale: ContactSheet.thumbnailWidth / Double(manifest.viewport.width))
        for (frame, reason) in KeyFrames.select(manifest, everyMs: everyMs).suffix(48) {
            let note = findings.first { $0.frameIndex == frame.index }.map { "! \($0.detector): \($0.message)" }
            cells.append(
                ContactSheet.Cell(
                    label: String(format: "%.2f s · frame %d · %@", frame.timeMs / 1000, frame.index, reason),
                    note: note, images: [try thumbnails.small(try render.image(frame))]))
        }
        let title =
            "\((render.path as NSString).lastPathComponent): \(manifest.frames.count) frames, "
            + "\(manifest.direction?.rawValue ?? "no") direction, \(manifest.clientSummary) — "
            + "check \(report.passed ? "passes" : "FAILS")"
        return try ContactSheet.png(cells, title: title, fonts: fonts)
    }

    /// MP4 and GIF from the frames with ffmpeg, when it is installed.
    /// - Returns: the files made, and why any was not.
    func videos(ffmpeg: String?, in outputDirectory: String) throws -> (files: [String], note: String?) {
        guard let ffmpeg else {
            return ([], "ffmpeg is not installed: no MP4 or GIF (apt-get install ffmpeg); the animated PNG needs nothing")
        }
        // ffmpeg reads the numbered files; a distinct render's repeats have none of their own.
        guard render.manifest.frames.allSatisfy({ $0.file == Frame.file(index: $0.index) }) else {
            return ([], "no MP4 or GIF: this render lists repeated frames under earlier files (--repeats distinct); the animated PNG is made")
        }
        var files: [String] = []
        var note: String?
        for (name, arguments) in [
            ("animation.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "scale=trunc(iw/4)*2:trunc(ih/4)*2"]),
            ("animation.gif", ["-vf", "fps=20,scale=iw/4:-1:flags=lanczos"])
        ] {
            let output = (outputDirectory as NSString).appendingPathComponent(name)
            // A child that keeps no descriptor of ours: the service reviews beside its clients' sockets.
            let process = try ChildProcess(
                ffmpeg,
                [
                    "-y", "-loglevel", "error", "-framerate", String(render.manifest.fps),
                    "-i", (render.path as NSString).appendingPathComponent("frames/%06d.png")
                ]
                    + arguments + [output])
            if process.terminationStatus == 0 { files.append(output) } else { note = "ffmpeg failed for \(name)" }
        }
        return (files, note)
    }

    /// Writes `report.html` next to frames/, so that it opens from disk with relative paths.
    /// - Returns: the report's path.
    func writeReport(_ report: CheckReport, timeline: String, goldenArtifacts: String?) throws -> String {
        let reportPath = (render.path as NSString).appendingPathComponent("report.html")
        let renderPath = URL(fileURLWithPath: render.path).standardizedFileURL.path
        let timelinePath = URL(fileURLWithPath: timeline).standardizedFileURL.path
        let relativeTimeline =
            timelinePath.hasPrefix(renderPath + "/")
            ? String(timelinePath.dropFirst(renderPath.count + 1)) : "file://" + timelinePath
        let page = HTMLReport.html(
            render.manifest, title: title,
            report: report, timelinePath: relativeTimeline,
            goldenFailures: goldenArtifacts.map(HTMLReport.goldenFailures(in:)) ?? [])
        try Data(page.utf8).write(to: URL(fileURLWithPath: reportPath))
        return reportPath
    }

    /// The whole stream at real speed, scaled down, one APNG frame per change (at most 30 a second).
    func animation(scale: Double) throws -> [UInt8] {
        let manifest = render.manifest
        let width = Int(Double(manifest.viewport.width) * scale)
        let height = Int(Double(manifest.viewport.height) * scale)
        // A picture is written once the next one says how long it showed: one is held, not all.
        var writer = AnimatedPNG.Writer(width: width, height: height)
        var held: [UInt8]?
        var lastFile = Data()
        var lastTime = 0.0
        let canvas = try Canvas(width: width, height: height)
        for frame in manifest.frames {
            guard frame.timeMs - lastTime >= 1000 / 30 - 0.01 || held == nil else { continue }
            let data = FileManager.default.contents(atPath: (render.path as NSString).appendingPathComponent(frame.file)) ?? Data()
            if data == lastFile, held != nil { continue }
            if let held { try writer.append(held, durationMs: frame.timeMs - lastTime) }
            let image = try render.image(frame)
            try canvas.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: 0, y: 0, scale: scale)
            held = canvas.rgbBytes()
            lastFile = data
            lastTime = frame.timeMs
        }
        if let held { try writer.append(held, durationMs: 1000) }
        return try writer.finish()
    }

    public static func findFFmpeg() -> String? {
        ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
