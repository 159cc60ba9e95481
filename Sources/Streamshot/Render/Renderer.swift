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
                       extraOptions: [String: String] = [:]) throws -> RenderResult {
        let framesDirectory = (outputDirectory as NSString).appendingPathComponent("frames")
        try Self.requireText(transcript)
        try Self.prepare(framesDirectory)
        var writer = ManifestWriter()
        var distinct = 0
        var previous: [UInt8] = []
        let manifest = try render(transcript, options: options, extraOptions: extraOptions) { frame, png in
            let path = (outputDirectory as NSString).appendingPathComponent(frame.file)
            try Data(png).write(to: URL(fileURLWithPath: path))
            if !png.sameBytes(as: previous) { distinct += 1 }
            previous = png
            writer.add(frame)
        }
        let manifestPath = (outputDirectory as NSString).appendingPathComponent("manifest.json")
        try Data(writer.finish(header: manifest).utf8).write(to: URL(fileURLWithPath: manifestPath))
        return RenderResult(frameCount: manifest.frames.count, distinctFrames: distinct,
                            direction: manifest.direction.flatMap(WritingDirection.init(rawValue:)),
                            warnings: manifest.warnings, manifestPath: manifestPath)
    }

    /// Renders `transcript` in memory, handing each frame's record and PNG bytes to `frameHandler`.
    /// - Returns: the manifest (its `frames` included).
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; what `frameHandler` throws.
    public func render(_ transcript: Transcript, options: RenderOptions, extraOptions: [String: String] = [:],
                       frameHandler: (Frame, [UInt8]) throws -> Void) throws -> Manifest {
        try Self.requireText(transcript)
        let layouter = BlockLayouter(options: options, fonts: fonts)
        let simulator = FrameSimulator(transcript: transcript, options: options, layouter: layouter)
        let painter = try FramePainter(theme: options.theme, scale: options.scale, fonts: fonts)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        var previousPixels: [UInt8] = []
        var previousPNG: [UInt8] = []
        var frames: [Frame] = []
        while let scene = try simulator.nextFrame() {
            painter.paint(scene, on: canvas)
            try canvas.checkStatus()
            let pixels = canvas.rgbBytes()
            // An unchanged frame is not encoded again: same pixels, same bytes.
            if !pixels.sameBytes(as: previousPixels) {
                previousPNG = try PNGEncoder.encode(rgb: pixels, width: canvas.width, height: canvas.height)
                previousPixels = pixels
            }
            let frame = scene.manifestFrame(file: String(format: "frames/%06d.png", scene.index))
            try frameHandler(frame, previousPNG)
            frames.append(frame)
        }
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
