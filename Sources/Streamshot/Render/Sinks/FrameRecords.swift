/// A render's records only: the manifest, frames included, with no frame painted (the client
/// model and layout still run for every frame) — what a check that reads no pixels needs.
public struct FrameRecords: FrameSink {
    public let wants = FrameWants(pictures: .range(0..<0))
    private var frames: [Frame] = []

    public init() {}

    public func receive(_ picture: FramePicture) throws {}

    public mutating func append(_ record: Frame) throws {
        frames.append(record)
    }

    /// The manifest, its frames included.
    public func finish(_ render: FinishedRender) throws -> Manifest {
        var manifest = render.header
        manifest.frames = frames
        return manifest
    }
}
