import Foundation
public import Streamshot
public import StreamshotAnalysis
import StreamshotGraphics

/// A render on disk: its manifest and frames, read back for review.
public struct RenderDirectory {
    public let path: String
    public let manifest: Manifest

    /// The largest manifest review, compare and the report read whole, in bytes. A manifest
    /// lists what changed per frame (version 4), so an hour of frames stays far below it; held in
    /// memory, a manifest takes a few times its size on disk, which this bounds.
    public static let manifestLimit = 128 << 20

    /// - Throws: `InputError` naming the folder when it holds no readable manifest, or one over
    ///   `manifestLimit` bytes.
    public init(path: String) throws {
        self.path = path
        let file = (path as NSString).appendingPathComponent("manifest.json")
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > Self.manifestLimit {
            throw InputError(
                "\(file): \(size >> 20) MB; review, compare and the report read manifests of at most "
                    + "\(Self.manifestLimit >> 20) MB (`check` reads any size, a frame at a time)")
        }
        // A frame at a time: the decoded frames share the records a frame repeats.
        manifest = try ManifestFile(path: file).read()
    }

    /// Two renders, their manifests read at once (one per core: a comparison reads both).
    public static func both(_ a: String, _ b: String) throws -> (RenderDirectory, RenderDirectory) {
        try bothAtOnce({ try RenderDirectory(path: a) }, { try RenderDirectory(path: b) })
    }

    /// The render's length: its last frame's time (the manifest reader guarantees one frame).
    public var durationMs: Double { manifest.frames.last?.timeMs ?? 0 }

    /// A frame's pixels.
    /// - Throws: `InputError` naming the file when the PNG is missing (rendered with `profile --no-frames`?)
    ///   or is not a PNG of the manifest's viewport.
    public func image(_ frame: Frame) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let file = (path as NSString).appendingPathComponent(frame.file)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError("\(file): frame \(frame.index) is missing (was the render made with --no-frames?)")
        }
        let image: (width: Int, height: Int, rgb: [UInt8])
        do {
            image = try PNGDecoder.decode([UInt8](data))
        } catch {
            throw InputError("\(file): frame \(frame.index) is not a readable PNG (\(error))")
        }
        guard image.width == manifest.viewport.width, image.height == manifest.viewport.height else {
            throw InputError(
                "\(file): frame \(frame.index) is \(image.width)x\(image.height) pixels; the manifest's viewport is "
                    + "\(manifest.viewport.width)x\(manifest.viewport.height)")
        }
        return image
    }

    /// Every detector's verdict, contrast judged on the frames' pixels.
    public func check() -> CheckReport {
        Detector.check(manifest, pixels: .directory(path))
    }

    /// The last frame at or before `timeMs`, else the first.
    public func frame(at timeMs: Double) -> Frame {
        manifest.frames.last { $0.timeMs <= timeMs + 0.01 } ?? manifest.frames[0]
    }
}

/// Frames worth looking at, each with why.
public enum KeyFrames {
    /// The key frames of `KeyFrameTracker` (the first frame with text, the frame each block becomes
    /// fully opaque in), then one every `everyMs` and the final frame.
    public static func select(_ manifest: Manifest, everyMs: Double = 2000) -> [(frame: Frame, reason: String)] {
        // Keyed by position, never by `frame.index`: a manifest's numbers are not array indices.
        var chosen: [Int: String] = [:]
        var tracker = KeyFrameTracker()
        for (position, frame) in manifest.frames.enumerated() {
            if let reason = tracker.reason(for: frame) { chosen[position] = reason }
        }
        for (position, label) in timed(manifest.frames, everyMs: everyMs) {
            chosen[position] = chosen[position] ?? label
        }
        if !manifest.frames.isEmpty { chosen[manifest.frames.count - 1] = "final" }
        return chosen.keys.sorted().map { (manifest.frames[$0], chosen[$0]!) }
    }

    /// One frame position every `everyMs` (the last frame at or before each time), in one pass
    /// over the frames: at most one per frame, however small the interval.
    private static func timed(_ frames: [Frame], everyMs: Double) -> [(Int, String)] {
        guard everyMs.isFinite, everyMs > 0, let end = frames.last?.timeMs else { return [] }
        var result: [(Int, String)] = []
        var t = everyMs
        for position in frames.indices where t < end {
            // Times before the first frame have no frame at or before them.
            t = max(t, multiple(of: everyMs, atLeast: frames[position].timeMs - 0.01))
            let next = position + 1 < frames.count ? frames[position + 1].timeMs : .infinity
            guard t < end, next > t + 0.01 else { continue }
            result.append((position, "t=\(JSONText.number((t / 1000).rounded(.down), places: 0)) s"))
            t = max(t + everyMs, multiple(of: everyMs, atLeast: next - 0.01))
        }
        return result
    }

    private static func multiple(of step: Double, atLeast value: Double) -> Double {
        max(step, (value / step).rounded(.up) * step)
    }
}
