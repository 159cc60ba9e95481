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

    /// Renders `transcript`.
    /// - Parameters:
    ///   - outputDirectory: receives `frames/000000.png`... and `manifest.json`; stale frames are removed.
    ///   - extraOptions: more key/value pairs for the manifest's `options` (e.g. the network profile).
    /// - Returns: counts, the response's direction and the warnings.
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; file system errors.
    public func render(_ transcript: Transcript, options: RenderOptions, to outputDirectory: String,
                       extraOptions: [(String, String)] = []) throws -> RenderResult {
        try Self.requireText(transcript)
        let framesDirectory = (outputDirectory as NSString).appendingPathComponent("frames")
        try Self.prepare(framesDirectory)
        var manifest = ManifestWriter()
        let result = try renderFrames(transcript, options: options) { scene, png in
            let name = String(format: "%06d.png", scene.index)
            let path = (framesDirectory as NSString).appendingPathComponent(name)
            try Data(png).write(to: URL(fileURLWithPath: path))
            manifest.add(scene, file: "frames/" + name)
        }
        let manifestPath = (outputDirectory as NSString).appendingPathComponent("manifest.json")
        let text = manifest.finish(options: options, direction: result.direction, warnings: result.warnings,
                                   format: transcript.format, skipped: transcript.skipped, blocks: result.blocks,
                                   extraOptions: extraOptions)
        try Data(text.utf8).write(to: URL(fileURLWithPath: manifestPath))
        return RenderResult(frameCount: result.frames, distinctFrames: result.distinct, direction: result.direction,
                            warnings: result.warnings, manifestPath: manifestPath)
    }

    /// Runs the pipeline and hands each frame's scene and PNG bytes to `emit`.
    func renderFrames(_ transcript: Transcript, options: RenderOptions,
                      emit: (FrameScene, [UInt8]) throws -> Void)
        throws -> (frames: Int, distinct: Int, direction: WritingDirection?, warnings: [RenderWarning], blocks: [PlacedBlock]) {
        let layouter = BlockLayouter(fonts: fonts, theme: options.theme, scale: options.scale,
                                     frameWidth: Double(options.widthPx), textAlign: options.textAlign)
        let simulator = FrameSimulator(transcript: transcript, options: options, layouter: layouter)
        let painter = try FramePainter(theme: options.theme, scale: options.scale, fonts: fonts)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        var previousPixels: [UInt8] = []
        var previousPNG: [UInt8] = []
        var frames = 0
        var distinct = 0
        while let scene = try simulator.nextFrame() {
            painter.paint(scene, on: canvas)
            try canvas.checkStatus()
            let pixels = canvas.rgbBytes()
            // An unchanged frame is not encoded again: same pixels, same bytes.
            if !pixels.sameBytes(as: previousPixels) {
                previousPNG = try PNGEncoder.encode(rgb: pixels, width: canvas.width, height: canvas.height)
                previousPixels = pixels
                distinct += 1
            }
            try emit(scene, previousPNG)
            frames += 1
        }
        return (frames, distinct, simulator.responseDirection, transcript.warnings + simulator.warnings, simulator.placedBlocks)
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
