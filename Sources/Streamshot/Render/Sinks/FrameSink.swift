/// Where a render's frames go, and what is wanted of them: the one door every render goes
/// through (`Renderer.render(_:options:into:)`, `RenderJob.render(into:)`) hands each frame to a
/// sink, in order. What a sink wants is a value (`wants`), so the frame loop has one shape
/// whatever becomes of the frames: files and a manifest (`FrameFiles`), PNGs in memory
/// (`FramesInMemory`), a shard's range, a test's few moments.
public protocol FrameSink {
    /// What `finish(_:)` makes of the render: a result, a manifest, the frames' costs.
    associatedtype Output

    /// Which frames are painted and encoded, and whether each frame's cost is measured.
    var wants: FrameWants { get }

    /// With `wants.pictures == .chosen`: whether this frame's PNG is wanted. Asked once per
    /// frame, in order, before the frame is painted.
    mutating func wantsPicture(of frame: Frame) -> Bool

    /// A painted frame, in order: its PNG (nil when it was not wanted, or frames are not encoded)
    /// and whether it repeats the frame before. Its record follows it to `append(_:)`. An error
    /// thrown stops the render and is rethrown.
    mutating func receive(_ picture: FramePicture) throws

    /// A frame's manifest record, in order, once complete (with its costs when profiled) — every
    /// frame's, painted or not.
    mutating func append(_ record: Frame) throws

    /// The render ended: the manifest's header and the encoder's counts.
    mutating func finish(_ render: FinishedRender) throws -> Output

    /// The render stopped with an error: let go of what is under way (the error is rethrown).
    mutating func stop()
}

extension FrameSink {
    public mutating func wantsPicture(of frame: Frame) -> Bool { true }
    public mutating func stop() {}
}

/// What a sink wants of a render.
public struct FrameWants: Sendable, Equatable {
    /// Which frames are painted and handed to the sink with their PNG.
    public enum Pictures: Sendable, Equatable {
        /// Every frame.
        case every
        /// The frames the sink's `wantsPicture(of:)` picks are painted and encoded (one after
        /// frames not painted is painted whole); the last frame's PNG is handed on too, once the
        /// stream has ended (it is known to be the last only then).
        case chosen
        /// Only these frames are painted (a shard's range); the others are listed, not painted.
        case range(Range<Int>)
    }

    public var pictures: Pictures
    /// Measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    public var profile: Bool

    public init(pictures: Pictures = .every, profile: Bool = false) {
        self.pictures = pictures
        self.profile = profile
    }
}

/// A painted frame as a sink receives it.
public struct FramePicture: Sendable {
    public var frame: Frame
    /// Nil when the frame's picture was not wanted, or frames are not encoded (`RenderOptions.encodesFrames`).
    public var png: [UInt8]?
    /// Same pixels, same bytes as the frame before.
    public var repeatsPrevious: Bool
}

/// A render that has ended, as its sink's `finish(_:)` receives it.
public struct FinishedRender: Sendable {
    /// The manifest without its frames (`frames` is empty): they went to the sink one by one.
    public var header: Manifest
    public var frameCount: Int
    /// Frames that differ from the one before (the others are byte copies).
    public var distinctFrames: Int
    /// Bands of rows the encoder took from earlier frames, and bands it compressed.
    public var bandsReused: Int
    public var bandsCompressed: Int
}
