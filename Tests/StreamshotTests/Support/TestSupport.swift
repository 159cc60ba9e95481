import Foundation
import StreamshotGraphics

@testable import Streamshot
@testable import StreamshotModel

/// Paths and small helpers shared by the pipeline tests.
enum TestSupport {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fontsDirectory = root.appendingPathComponent("Fonts").path
    static let examples = root.appendingPathComponent("Examples")

    /// A font library of its own for each caller: Pango objects must not be shared across the
    /// threads that tests run on.
    static func makeFonts() throws -> FontLibrary { try FontLibrary(directory: fontsDirectory) }

    static func example(_ name: String) -> String {
        try! String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
    }

    /// Small, fast frames: what the manifest-level tests need.
    static func smallOptions(pacing: PacingPolicy = .smooth) -> RenderOptions {
        var options = RenderOptions()
        options.widthPt = 390
        options.heightPt = 600
        options.scale = 1
        options.client.pacing = pacing
        return options
    }

    /// A transcript of `text` timed by `network`.
    static func transcript(_ text: String, network: NetworkProfile = .steady, seed: UInt64 = 1) -> Transcript {
        PlainTextSource.transcript(bytes: Array(text.utf8), network: network, seed: seed)
    }

    /// Runs the pipeline without painting, returning every frame's scene.
    static func scenes(_ transcript: Transcript, options: RenderOptions) throws -> (scenes: [FrameScene], loop: FrameLoop) {
        let layouter = BlockLayouter(options: options, fonts: try makeFonts())
        let loop = FrameLoop(transcript: transcript, options: options, client: options.makeClient(for: transcript, timer: nil), layouter: layouter)
        var scenes: [FrameScene] = []
        while let scene = try loop.nextFrame() { scenes.append(scene) }
        return (scenes, loop)
    }

    static func temporaryDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "streamshot-tests-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
