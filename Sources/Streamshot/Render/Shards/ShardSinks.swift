/// A shard's plan: every frame's record and none painted, each frame's cost as `ShardPlanner`
/// weighs it (a frame that looks like the one before costs less).
struct FrameCosts: FrameSink {
    let wants = FrameWants(pictures: .range(0..<0))
    private var counter = ShardPlanner.CostCounter()

    func receive(_ picture: FramePicture) throws {}

    mutating func append(_ record: Frame) throws {
        counter.add(record)
    }

    func finish(_ render: FinishedRender) throws -> [Double] {
        counter.costs
    }
}

/// A shard's frames written to its folder as a whole render names them, and a manifest of
/// those frames with its `shard` record.
struct ShardFiles: FrameSink {
    let wants: FrameWants
    private let shard: ShardSpec
    private let frames: Range<Int>
    private let record: Manifest.ShardRecord
    private let output: RenderOutput

    /// - Throws: file errors making the folder or removing what an earlier render left.
    init(directory: String, shard: ShardSpec, frames: Range<Int>, record: Manifest.ShardRecord, repeats: RepeatedFrames) throws {
        wants = FrameWants(pictures: .range(frames))
        self.shard = shard
        self.frames = frames
        self.record = record
        output = try RenderOutput(directory: directory, repeats: repeats)
    }

    func receive(_ picture: FramePicture) throws {
        if let png = picture.png { try output.write(picture.frame, png: png, repeatsPrevious: picture.repeatsPrevious) }
    }

    func append(_ record: Frame) throws {
        if frames.contains(record.index) { try output.append(record) }
    }

    func finish(_ render: FinishedRender) throws -> ShardResult {
        var header = render.header
        header.shard = record
        try output.finish(header)
        return ShardResult(shard: shard, frames: frames, totalFrames: record.totalFrames, manifestPath: output.manifestPath)
    }

    func stop() {
        output.waitForFrames()
    }
}
