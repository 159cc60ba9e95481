import Foundation
public import Streamshot
import StreamshotGraphics

/// A render on disk: its manifest and frames, read back for review.
public struct RenderDirectory {
    public let path: String
    public let manifest: Manifest

    /// - Throws: `InputError` naming the folder when it holds no readable manifest.
    public init(path: String) throws {
        self.path = path
        manifest = try Manifest.read(from: (path as NSString).appendingPathComponent("manifest.json"))
    }

    /// A frame's pixels.
    /// - Throws: `InputError` when the PNG is missing (rendered with `profile --no-frames`?), `GraphicsError` when it is not a PNG.
    public func image(_ frame: Frame) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let file = (path as NSString).appendingPathComponent(frame.file)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError("\(file): frame \(frame.index) is missing (was the render made with --no-frames?)")
        }
        return try PNGDecoder.decode([UInt8](data))
    }

    /// The last frame at or before `timeMs`.
    public func frame(at timeMs: Double) -> Frame {
        manifest.frames.last { $0.timeMs <= timeMs + 0.01 } ?? manifest.frames[0]
    }
}

/// Frames worth looking at, each with why.
public enum KeyFrames {
    /// The key frames of `KeyFrameTracker` (the first frame with text, the frame each block becomes
    /// fully opaque in), then one every `everyMs` and the final frame.
    public static func select(_ manifest: Manifest, everyMs: Double = 2000) -> [(frame: Frame, reason: String)] {
        var chosen: [Int: String] = [:]
        var tracker = KeyFrameTracker()
        for frame in manifest.frames {
            if let reason = tracker.reason(for: frame) { chosen[frame.index] = reason }
        }
        if everyMs > 0 {
            var t = everyMs
            while let last = manifest.frames.last, t < last.timeMs {
                let frame = manifest.frames.last { $0.timeMs <= t + 0.01 }!
                chosen[frame.index] = chosen[frame.index] ?? "t=\(Int(t / 1000)) s"
                t += everyMs
            }
        }
        if let last = manifest.frames.last { chosen[last.index] = "final" }
        return chosen.keys.sorted().map { (manifest.frames[$0], chosen[$0]!) }
    }
}
