import Foundation

/// Everything that decides what a render looks like. Same options and input, same bytes.
public struct RenderOptions: Sendable {
    /// Viewport in points (an iPhone 13-15 by default).
    public var widthPt = 390.0
    public var heightPt = 844.0
    /// Pixels per point.
    public var scale = 3.0
    /// Frames per second of the virtual frame clock.
    public var fps = 60.0
    public var theme = Theme.light
    public var pacing = PacingPolicy.smooth
    public var direction = DirectionPolicy()
    public var textAlign = TextAlign.auto
    /// `.mirroredTwice` reproduces the double-mirroring bug (for detector tests and demos).
    public var alignmentResolution = AlignmentResolution.css
    /// `.fontRelative` reproduces the unenforced line pitch (for detector tests and demos).
    public var linePitch = LinePitchMode.enforced
    /// How long a new block takes to fade in.
    public var fadeMs = 150.0
    /// Time constant of the pinned scroll's easing.
    public var scrollEaseMs = 100.0
    /// Frames kept after everything has settled, so the final state is visible.
    public var holdMs = 250.0
    /// For benchmarks only: re-parse and re-lay-out the whole document on every frame, as a
    /// naive renderer does (the output is the same, only slower).
    public var naiveRelayout = false
    /// For benchmarks only: paint but do not encode PNGs (frame handlers receive no bytes).
    public var encodesFrames = true
    /// Threads that encode PNGs (output bytes do not depend on it).
    public var encoderThreads = max(1, ProcessInfo.processInfo.activeProcessorCount)

    public init() {}

    public var widthPx: Int { Int((widthPt * scale).rounded()) }
    public var heightPx: Int { Int((heightPt * scale).rounded()) }
    public var frameMs: Double { 1000 / fps }

    /// The options as the manifest records them.
    var manifestOptions: [String: String] {
        [
            "pacing": pacing.name, "textAlign": textAlign.rawValue, "directionRule": direction.rule.name,
            "blockDirection": direction.blockMode.rawValue, "writingDirection": direction.forced?.rawValue ?? "auto",
            "theme": theme.name, "directionLock": direction.lock.rawValue,
            "alignmentResolution": alignmentResolution.rawValue, "linePitch": linePitch.rawValue,
        ]
    }
}
