import Foundation

/// A render's folder as it is written — the one path every writer of frames and manifests takes
/// (a render, a shard, a merge; matrix cells and the service's jobs are renders): what an earlier
/// render left is removed first (its manifest before its frames), each frame's PNG is written as
/// it comes (a repeat linked to the frame before when asked), each frame's record goes to the
/// manifest's scratch file, and the manifest is put in place atomically, last.
final class RenderOutput {
    let folder: URL
    private let frames: FrameFileWriter
    private let manifest: ManifestWriter
    /// Frames written under another frame's file (`.distinct` repeats), until their records come.
    private var sharedFiles: [Int: String] = [:]
    /// The files a merge has taken from shards: a frame naming one again repeats it.
    private var takenFiles: Set<String> = []
    /// Frames handed over whose files may not be on disk yet, oldest first, and how many were
    /// handed over before them.
    private var unconfirmed: [Frame] = []
    private var confirmedCount = 0

    /// - Throws: file errors making the folder or removing what an earlier render left.
    init(directory: String, repeats: RepeatedFrames = .written) throws {
        folder = URL(fileURLWithPath: directory)
        try Self.prepare(folder)
        frames = FrameFileWriter(folder: folder, repeats: repeats)
        manifest = try ManifestWriter(path: folder.appendingPathComponent("manifest.json").path)
    }

    var manifestPath: String { manifest.path }
    var frameCount: Int { manifest.frameCount }

    /// Writes a frame's PNG under the name its record gives it (on the writer's thread: see
    /// `confirmed()` for when it is on disk).
    func write(_ frame: Frame, png: [UInt8], repeatsPrevious: Bool = false) throws {
        let file = try frames.write(frame, png: png, repeatsPrevious: repeatsPrevious)
        if file != frame.file { sharedFiles[frame.index] = file }
        unconfirmed.append(frame)
    }

    /// A frame with no file to write, confirmed in its place among those written.
    func pass(_ frame: Frame) {
        frames.pass()
        unconfirmed.append(frame)
    }

    /// The frames handed over whose files are now on disk, in order, each returned once.
    func confirmed() -> [Frame] {
        let ready = min(unconfirmed.count, frames.framesOnDisk - confirmedCount)
        guard ready > 0 else { return [] }
        confirmedCount += ready
        defer { unconfirmed.removeFirst(ready) }
        return Array(unconfirmed.prefix(ready))
    }

    /// Waits until every frame handed over is on disk; `confirmed()` then returns the rest.
    /// - Throws: the first failure writing one.
    func finishFrames() throws {
        try frames.finish()
    }

    /// Waits for the writes queued, whatever became of them (a render that stopped midway).
    func waitForFrames() {
        frames.waitForQueued()
    }

    /// Takes a frame's file from another render's folder, linked (same file system) or copied.
    func take(_ frame: Frame, from directory: String, link: Bool) throws {
        let source = URL(fileURLWithPath: directory).appendingPathComponent(frame.file)
        let target = folder.appendingPathComponent(frame.file)
        // A frame that repeats another under its file (`--repeats distinct`): taken once already.
        guard takenFiles.insert(frame.file).inserted else { return }
        if link { try FileManager.default.linkItem(at: source, to: target) } else { try FileManager.default.copyItem(at: source, to: target) }
    }

    /// Adds the next frame's record to the manifest.
    /// A frame written under another's file is listed with that file.
    func append(_ record: Frame) throws {
        var record = record
        if let file = sharedFiles.removeValue(forKey: record.index) { record.file = file }
        try manifest.append(record)
    }

    /// Puts the manifest in place, once every frame's file is on disk: `header` (its `frames`
    /// empty), then the records appended.
    func finish(_ header: Manifest) throws {
        try frames.finish()
        try manifest.finish(header)
    }

    /// Makes `output/frames/` and removes what an earlier render left in `output`: its frames,
    /// and its manifest first, so a render stopped midway never leaves a manifest beside frames
    /// it does not describe. Only files a render writes are removed (`NNNNNN.png` frames, the
    /// manifest and its scratch files): a picture of the user's own in `frames/` stays.
    /// - Throws: `InputError` when `frames` is a symbolic link (a render writes and deletes only
    ///   inside its output folder), or a file that is not a folder.
    static func prepare(_ output: URL) throws {
        let manager = FileManager.default
        let manifest = output.appendingPathComponent("manifest.json")
        if manager.fileExists(atPath: manifest.path) { try manager.removeItem(at: manifest) }
        // What a render killed midway left of its manifest.
        for scratch in ManifestWriter.scratchFiles(of: manifest.path) where manager.fileExists(atPath: scratch) {
            try manager.removeItem(atPath: scratch)
        }
        let framesDirectory = output.appendingPathComponent("frames")
        if let type = (try? manager.attributesOfItem(atPath: framesDirectory.path))?[.type] as? FileAttributeType {
            guard type != .typeSymbolicLink else {
                throw InputError(
                    "\(framesDirectory.path): a symbolic link; a render writes its frames only inside its output folder "
                        + "(remove the link, or give another --out)")
            }
            guard type == .typeDirectory else { throw InputError("\(framesDirectory.path): a file, not a folder for the frames") }
        }
        try manager.createDirectory(at: framesDirectory, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: framesDirectory.path) where isFrameFile(name) {
            try manager.removeItem(at: framesDirectory.appendingPathComponent(name))
        }
    }

    /// A frame's file name as a render writes it (`Frame.file(index:)`): six digits or more, `.png`.
    static func isFrameFile(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        return stem.count >= 6 && stem.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
