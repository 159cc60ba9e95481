import Foundation

/// A render written to a folder: `frames/000000.png`… as they are made, and `manifest.json`,
/// put in place last. The folder is prepared when the sink is made (what an earlier render left
/// is removed: `RenderOutput`), so make it once the input is known to be readable, as
/// `RenderJob.render(to:)` does.
public struct FrameFiles: FrameSink {
    public let wants: FrameWants
    private let output: RenderOutput
    private let writesPictures: Bool
    private let announcesEachFrame: Bool
    private let afterEachFrame: (Frame) throws -> Void

    /// - Parameters:
    ///   - directory: receives `frames/000000.png`... and `manifest.json`.
    ///   - repeats: how a frame that repeats the one before is written (a file of its own, or a hard link).
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - writesPictures: false keeps the PNGs in memory only (they are still painted and encoded).
    ///   - announcesEachFrame: announce each frame as soon as its file is on disk, waiting for it
    ///     (a live input: a watcher's latest frame must not wait for the next words); otherwise
    ///     frames are announced as the writer's thread finishes them.
    ///   - afterEachFrame: called once each frame is on disk, in order (progress); an error it throws
    ///     stops the render (a cancelled or timed-out job) and is rethrown.
    /// - Throws: file errors making the folder or removing what an earlier render left.
    public init(
        directory: String, repeats: RepeatedFrames = .written, profile: Bool = false, writesPictures: Bool = true,
        announcesEachFrame: Bool = false, afterEachFrame: @escaping (Frame) throws -> Void = { _ in }
    ) throws {
        wants = FrameWants(pictures: .every, profile: profile)
        output = try RenderOutput(directory: directory, repeats: repeats)
        self.writesPictures = writesPictures
        self.announcesEachFrame = announcesEachFrame
        self.afterEachFrame = afterEachFrame
    }

    public func receive(_ picture: FramePicture) throws {
        if writesPictures, let png = picture.png {
            try output.write(picture.frame, png: png, repeatsPrevious: picture.repeatsPrevious)
        } else {
            output.pass(picture.frame)
        }
        if announcesEachFrame { try output.finishFrames() }
        try announceWritten()
    }

    /// Each frame's record is written once it holds its encode and write costs, and not kept.
    public func append(_ record: Frame) throws {
        try output.append(record)
    }

    public func finish(_ render: FinishedRender) throws -> RenderResult {
        try output.finishFrames()
        try announceWritten()
        try output.finish(render.header)
        return RenderResult(
            frameCount: render.frameCount, distinctFrames: render.distinctFrames, bandsReused: render.bandsReused,
            bandsCompressed: render.bandsCompressed, direction: render.header.direction,
            warnings: render.header.warnings, manifestPath: output.manifestPath, header: render.header)
    }

    /// Waits for the writes queued, whatever became of them.
    public func stop() {
        output.waitForFrames()
    }

    private func announceWritten() throws {
        for written in output.confirmed() { try afterEachFrame(written) }
    }
}

/// What a render produced.
public struct RenderResult: Sendable {
    public var frameCount: Int
    /// Frames that differ from the one before (the others are byte copies).
    public var distinctFrames: Int
    /// Bands of rows the encoder took from earlier frames, and bands it compressed.
    public var bandsReused = 0
    public var bandsCompressed = 0
    public var direction: WritingDirection?
    public var warnings: [RenderWarning]
    /// Where the manifest was written.
    public var manifestPath: String
    /// The manifest without its frames (`frames` is empty): the render never holds them all.
    public var header: Manifest

    /// The whole manifest, read back from `manifestPath` (frames with their costs when profiled).
    public var manifest: Manifest {
        get throws { try Manifest.read(from: manifestPath) }
    }
}

extension Renderer {
    /// Renders `transcript` to files: `render(_:options:into:)` with `FrameFiles`.
    /// - Parameters:
    ///   - transcript: the stream, decoded.
    ///   - options: how it is timed, drawn and decided (`RenderSettings` makes them).
    ///   - outputDirectory: receives `frames/000000.png`... and `manifest.json`; stale frames are removed.
    ///   - profile: measure each frame's cost per stage into `Frame.costMs` (the render is unchanged).
    ///   - writeFrames: false keeps the PNGs in memory only (they are still painted and encoded).
    ///   - repeats: how a frame that repeats the one before is written (a file of its own, or a hard link).
    ///   - afterEachFrame: called once each frame is written; what it throws stops the render.
    /// - Returns: counts, the response's direction, the warnings and the manifest.
    /// - Throws: `InputError` for a stream with no text; `GraphicsError`; file system errors.
    public func render(
        _ transcript: Transcript, options: RenderOptions, to outputDirectory: String,
        profile: Bool = false, writeFrames: Bool = true, repeats: RepeatedFrames = .written,
        afterEachFrame: (Frame) throws -> Void = { _ in }
    ) throws -> RenderResult {
        try withoutActuallyEscaping(afterEachFrame) { progress in
            try render(
                transcript, options: options,
                into: FrameFiles(
                    directory: outputDirectory, repeats: repeats, profile: profile,
                    writesPictures: writeFrames, afterEachFrame: progress))
        }
    }
}
