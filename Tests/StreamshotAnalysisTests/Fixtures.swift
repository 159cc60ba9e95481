import Foundation
import Streamshot

/// Streams and options the detector tests render.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fontsDirectory = root + "/Fonts"

    static func example(_ name: String) -> String {
        try! String(contentsOfFile: root + "/Examples/" + name, encoding: .utf8)
    }

    /// Small frames: what manifest-level checks need.
    static func smallOptions() -> RenderOptions {
        var options = RenderOptions()
        options.heightPt = 600
        options.scale = 1
        return options
    }

    /// A render job for `text` timed by `network`.
    static func job(
        _ text: String, network: NetworkProfile = .steady, seed: UInt64 = 1,
        options: RenderOptions = smallOptions()
    ) -> RenderJob {
        RenderJob(input: .text(text), network: network, seed: seed, options: options, fontsDirectory: fontsDirectory)
    }

    static func temporaryDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "streamshot-tests-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
