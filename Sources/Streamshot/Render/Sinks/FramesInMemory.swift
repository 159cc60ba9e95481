/// A render kept in memory: each frame's PNG handed to a handler as it is made, and the
/// manifest, frames included, at the end.
public struct FramesInMemory: FrameSink {
    public let wants: FrameWants
    /// The records, kept as `FrameRecords` keeps them.
    private var records = FrameRecords()
    private let handler: (Frame, [UInt8]) throws -> Void

    /// - Parameters:
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - handler: given each frame's record and PNG bytes, in order (none when frames are not
    ///     encoded); what it throws stops the render.
    public init(profile: Bool = false, handler: @escaping (Frame, [UInt8]) throws -> Void) {
        wants = FrameWants(pictures: .every, profile: profile)
        self.handler = handler
    }

    public func receive(_ picture: FramePicture) throws {
        if let png = picture.png { try handler(picture.frame, png) }
    }

    public mutating func append(_ record: Frame) throws {
        try records.append(record)
    }

    /// The manifest, its frames included.
    public mutating func finish(_ render: FinishedRender) throws -> Manifest {
        try records.finish(render)
    }
}

extension Renderer {
    /// Renders `transcript` in memory: `render(_:options:into:)` with `FramesInMemory`.
    /// - Parameters:
    ///   - transcript: the stream, decoded.
    ///   - options: how it is timed, drawn and decided (`RenderSettings` makes them).
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - frameHandler: given each frame's record and PNG bytes, in order; what it throws stops the render.
    /// - Returns: the manifest (its `frames` included).
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; what `frameHandler` throws.
    public func render(
        _ transcript: Transcript, options: RenderOptions, profile: Bool = false,
        frameHandler: (Frame, [UInt8]) throws -> Void
    ) throws -> Manifest {
        try withoutActuallyEscaping(frameHandler) { handler in
            try render(transcript, options: options, into: FramesInMemory(profile: profile, handler: handler))
        }
    }
}
