/// Which frames become references, each named for the moment it stands for.
public enum FrameSelection: Sendable, Equatable {
    /// `first-text` (the first frame with text), `section-K` (the frame where the heading that
    /// opens the answer's K-th top-level section — outside lists and quotes, at the shallowest
    /// level the answer uses — first becomes fully opaque) and `final`: at most 12 moments
    /// (`MomentPicker.maxKeyMoments`), whatever the answer's length.
    case keyFrames
    /// `first-text`, `block-N-shown` (the frame where block N — the manifest's id — first becomes
    /// fully opaque) for every block, and `final` (a long answer has many: for short ones).
    case everyBlock
    /// `every-N-K`: frames 0, N, 2N, … (the K-th), and `final`. Tied to the frame clock, so a
    /// change of timing moves them.
    case everyNth(Int)
    /// `t=1000ms`: the last frame at or before each time (in ms from the request), and `final`.
    case times([Double])
    /// `final` only.
    case final
    /// `frame-000123` for every frame, and `final` (large: for short streams only).
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
