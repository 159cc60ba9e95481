import Foundation
import StreamshotGraphics

/// What a render produced.
public struct RenderResult: Sendable {
    public var frameCount: Int
    /// Frames that differ from the one before (the others are byte copies).
    public var distinctFrames: Int
    public var direction: WritingDirection?
    public var warnings: [RenderWarning]
    public var manifestPath: String
    /// The manifest as written (frames with their costs when profiled).
    public var manifest: Manifest
}

/// The whole pipeline: replays a transcript on the virtual frame clock and writes one PNG
/// per frame plus the manifest.
public final class Renderer {
    private let fonts: FontLibrary

    /// - Parameter fontsDirectory: the only fonts the render may use (the project's `Fonts/`).
    /// - Throws: `GraphicsError` when the fonts cannot be loaded.
    public init(fontsDirectory: String) throws {
        fonts = try FontLibrary(directory: fontsDirectory)
    }

    /// Renders `transcript` to files.
    /// - Parameters:
    ///   - outputDirectory: receives `frames/000000.png`... and `manifest.json`; stale frames are removed.
    ///   - extraOptions: more key/value pairs for the manifest's `options` (e.g. the network profile).
    /// - Returns: counts, the response's direction and the warnings.
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; file system errors.
    public func render(_ transcript: Transcript, options: RenderOptions, to outputDirectory: String,
                       extraOptions: [String: String] = [:], profile: Bool = false, writeFrames: Bool = true) throws -> RenderResult {
        let framesDirectory = (outputDirectory as NSString).appendingPathComponent("frames")
        try Self.requireText(transcript)
        try Self.prepare(framesDirectory)
        var writer = ManifestWriter()
        var distinct = 0
        var previous: [UInt8] = []
        let manifest = try render(transcript, options: options, extraOptions: extraOptions, profile: profile) { frame, png in
            if writeFrames {
                let path = (outputDirectory as NSString).appendingPathComponent(frame.file)
                try Data(png).write(to: URL(fileURLWithPath: path))
            }
            if !png.sameBytes(as: previous) { distinct += 1 }
            previous = png
        }
        // Written after the render: each frame's record then holds its encode and write costs.
        for frame in manifest.frames { writer.add(frame) }
        let manifestPath = (outputDirectory as NSString).appendingPathComponent("manifest.json")
        try Data(writer.finish(header: manifest).utf8).write(to: URL(fileURLWithPath: manifestPath))
        return RenderResult(frameCount: manifest.frames.count, distinctFrames: distinct,
                            direction: manifest.direction.flatMap(WritingDirection.init(rawValue:)),
                            warnings: manifest.warnings, manifestPath: manifestPath, manifest: manifest)
    }

    /// Renders `transcript` in memory, handing each frame's record and PNG bytes to `frameHandler`,
    /// in frame order.
    /// - Parameters:
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    /// - Returns: the manifest (its `frames` included).
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; what `frameHandler` throws.
    public func render(_ transcript: Transcript, options: RenderOptions, extraOptions: [String: String] = [:],
                       profile: Bool = false, frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        try Self.requireText(transcript)
        let simulator = FrameSimulator(transcript: transcript, options: options, layouter: BlockLayouter(options: options, fonts: fonts))
        let timer = profile ? StageTimer() : nil
        simulator.timer = timer
        let painter = try FramePainter(theme: options.theme, scale: options.scale, fonts: fonts)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        let encoder = OrderedEncoder(workers: options.encoderThreads)
        var previousPixels: [UInt8] = []  // Cairo's bytes of the last distinct frame
        var job = -1
        var emittedJob = -1
        var pending: [(frame: Frame, job: Int)] = []
        var frames: [Frame] = []

        // Emits finished frames in order; waits for the oldest when `wait` is set.
        func flush(wait: Bool) throws {
            while let first = pending.first, let encoded = try encoder.result(first.job, wait: wait) {
                var frame = first.frame
                let start = DispatchTime.now().uptimeNanoseconds
                try frameHandler(frame, encoded.png)
                if profile {
                    var cost = frame.costMs ?? [:]
                    // A frame equal to the one before reuses its bytes: its encode cost is zero.
                    cost["encode"] = first.job == emittedJob ? 0 : encoded.milliseconds
                    cost["write"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                    frame.costMs = cost
                }
                if first.job != emittedJob {
                    encoder.release(before: first.job)
                    emittedJob = first.job
                }
                frames.append(frame)
                pending.removeFirst()
            }
        }

        while let scene = try simulator.nextFrame() {
            let pixels = try timer.measure("paint") { () throws -> XRGBPixels in
                painter.paint(scene, on: canvas)
                try canvas.checkStatus()
                return canvas.xrgbPixels()
            }
            // An unchanged frame is not encoded again: same pixels, same bytes.
            if !options.encodesFrames {
                job += 1
                encoder.submitEmpty(job)
            } else if !pixels.bytes.sameBytes(as: previousPixels) {
                job += 1
                encoder.submit(job, pixels: pixels)
                previousPixels = pixels.bytes
            }
            var frame = scene.manifestFrame(file: String(format: "frames/%06d.png", scene.index))
            if let timer { frame.costMs = timer.takeFrame() }
            pending.append((frame, job))
            // The encoder bounds the frames in flight; here only finished ones are handed on.
            try flush(wait: false)
        }
        try flush(wait: true)
        return Manifest(
            version: ManifestWriter.version,
            viewport: .init(width: options.widthPx, height: options.heightPx, scale: options.scale),
            fps: options.fps, direction: simulator.responseDirection?.rawValue,
            options: options.manifestOptions.merging(extraOptions) { $1 },
            format: transcript.format, skipped: transcript.skipped,
            warnings: transcript.warnings + simulator.warnings, text: simulator.arrivedText,
            blocks: simulator.shownBlocks.map(\.manifestBlock), frames: frames)
    }

    private static func requireText(_ transcript: Transcript) throws {
        let hasText = transcript.events.contains { event in
            switch event.kind {
            case .delta(let text), .snapshot(let text): return !text.isEmpty
            case .error: return true
            case .done, .reconnect: return false
            }
        }
        guard hasText else {
            throw InputError("the stream holds no text: nothing to render (expected at least one delta or snapshot with content)")
        }
    }

    private static func prepare(_ framesDirectory: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: framesDirectory, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: framesDirectory) where name.hasSuffix(".png") {
            try manager.removeItem(atPath: (framesDirectory as NSString).appendingPathComponent(name))
        }
    }
}
