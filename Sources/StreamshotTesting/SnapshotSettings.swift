import Foundation
public import Streamshot

/// When references are written, as swift-snapshot-testing and Playwright users know it.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet (the test fails once, saying so); compare the rest.
    case missing
    /// Write every reference anew; the test passes (the one-command re-record).
    case all
    /// Overwrite the references that no longer match; the test still fails for them.
    case failed
    /// Never write: a missing or changed reference fails (the CI setting).
    case never

    /// `STREAMSHOT_RECORD`, else `missing`.
    public static var fromEnvironment: SnapshotRecordMode {
        ProcessInfo.processInfo.environment["STREAMSHOT_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:)) ?? .missing
    }
}

/// Which frames become references.
public enum FrameSelection: Sendable, Equatable {
    /// The first frame with text, the frame where each block first becomes fully opaque, the final frame.
    case keyFrames
    /// Frame 0, N, 2N, … and the final frame.
    case everyNth(Int)
    /// The frames at these times (ms; the last frame at or before each), and the final frame.
    case times([Double])
    /// The final frame only.
    case final
    /// Every frame (large: for short streams only).
    case all
}

/// How different an image may be and still match. Default: exact.
public struct ImageTolerance: Sendable, Equatable {
    /// A pixel differs when any channel differs by more than this (0-255).
    public var perPixel: Int
    /// The share of differing pixels allowed (0...1).
    public var maxDifferingShare: Double

    public init(perPixel: Int = 0, maxDifferingShare: Double = 0) {
        self.perPixel = perPixel
        self.maxDifferingShare = maxDifferingShare
    }

    public static let exact = ImageTolerance()
}

/// What to render.
public enum SnapshotInput: Sendable {
    /// A .sse/.jsonl/.md/.txt file; a relative path is read from the package root.
    case file(String, network: NetworkProfile = .steady, seed: UInt64 = 1)
    /// Plain text delivered by a network.
    case text(String, network: NetworkProfile = .steady, seed: UInt64 = 1)
    case transcript(Transcript)

    /// The render job for this input, its relative paths read from `packageRoot`.
    func job(options: RenderOptions, packageRoot: String) -> RenderJob {
        let fonts = FontLocator.defaultDirectory(packageRoot: packageRoot)
        switch self {
        case .file(let path, let network, let seed):
            let absolute = path.hasPrefix("/") ? path : packageRoot + "/" + path
            return RenderJob(input: .file(absolute), network: network, seed: seed, options: options, fontsDirectory: fonts)
        case .text(let text, let network, let seed):
            return RenderJob(input: .text(text), network: network, seed: seed, options: options, fontsDirectory: fonts)
        case .transcript(let transcript):
            return RenderJob(input: .transcript(transcript), options: options, fontsDirectory: fonts)
        }
    }
}

extension RenderOptions {
    /// Small frames for references: 390x640 points at scale 1.
    public static var snapshot: RenderOptions {
        var options = RenderOptions()
        options.heightPt = 640
        options.scale = 1
        return options
    }
}
