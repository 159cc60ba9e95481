import Foundation
import StreamshotOptions

/// Writes a manifest as its frames are made, in the memory of one frame: each frame's record
/// goes at once to a scratch file beside the manifest, and at the end the manifest — its header
/// (ending, warnings, blocks: known only then), then the frames copied after it — is put in
/// place atomically. The bytes are `Manifest.jsonText()`'s; a render stopped midway leaves no
/// manifest, and `discard()` (or deinit) removes the scratch files.
public final class ManifestWriter {
    public let path: String
    public private(set) var frameCount = 0
    /// The scratch files beside a manifest at `path` (a killed render can leave them).
    public static func scratchFiles(of path: String) -> [String] { [path + ".frames.part", path + ".part"] }
    private let framesPath: String
    private let partPath: String
    private let frames: FileHandle
    private var pending = ""
    private var lines = FrameLineWriter()
    private var finished = false

    /// - Throws: `InputError` when the scratch file beside `path` cannot be made.
    public init(path: String) throws {
        self.path = path
        (framesPath, partPath) = (Self.scratchFiles(of: path)[0], Self.scratchFiles(of: path)[1])
        guard FileManager.default.createFile(atPath: framesPath, contents: nil),
            let handle = FileHandle(forWritingAtPath: framesPath)
        else {
            throw InputError("\(framesPath): cannot write the manifest's frames")
        }
        frames = handle
    }

    deinit { if !finished { discard() } }

    /// Adds the next frame's record.
    public func append(_ frame: Frame) throws {
        if frameCount > 0 { pending += Manifest.frameSeparator }
        pending += try lines.line(frame)
        frameCount += 1
        if pending.utf8.count >= 1 << 16 { try flush() }
    }

    /// Writes the manifest: `header` (its `frames` empty) with the frames appended so far.
    public func finish(_ header: Manifest) throws {
        precondition(header.frames.isEmpty, "the frames are the writer's")
        try flush()
        try frames.close()
        guard FileManager.default.createFile(atPath: partPath, contents: Data(try header.headerText().utf8)),
            let out = FileHandle(forWritingAtPath: partPath), let input = FileHandle(forReadingAtPath: framesPath)
        else {
            throw InputError("\(partPath): cannot write the manifest")
        }
        defer { try? input.close() }
        try out.seekToEnd()
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try out.write(contentsOf: chunk) }
        try out.write(contentsOf: Data(Manifest.framesEnd.utf8))
        // On disk before it takes the manifest's name: a crash then leaves the old file or the whole new one.
        try out.synchronize()
        try out.close()
        // rename(2) replaces the old manifest in one step: a reader sees the old file or the new one.
        guard rename(partPath, path) == 0 else { throw InputError("\(path): cannot put the manifest in place (errno \(errno))") }
        try? FileManager.default.removeItem(atPath: framesPath)
        finished = true
    }

    /// Removes the scratch files; the manifest is not written.
    public func discard() {
        try? frames.close()
        try? FileManager.default.removeItem(atPath: framesPath)
        try? FileManager.default.removeItem(atPath: partPath)
        finished = true
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try frames.write(contentsOf: Data(pending.utf8))
        pending = ""
    }
}
