import Foundation

/// How a render writes a frame whose PNG repeats the frame before it.
public enum RepeatedFrames: String, Sendable, CaseIterable {
    /// Its own file of bytes (the default: every frame is a plain file, whatever copies it).
    case written
    /// A hard link to the frame before's file: same name, same bytes, no new data on disk (a
    /// stalled stream's hundreds of frames cost nothing). Falls back to writing where the file
    /// system cannot link.
    case hardLinked = "hard-links"
    /// No file: its record names the file of the frame it repeats (`frames[].file`). The fewest
    /// files, and an artifact upload that copies hard links as files copies nothing twice.
    case distinct
}

/// Writes frames' PNGs into a render's folder, in order, on a thread of its own: writing a frame
/// is mostly the kernel copying it into the page cache (a 1170x2532 frame is about 300 KB), which
/// on the render's thread stood still every other stage; here it overlaps them. Which file holds
/// which frame is decided as each frame comes, so names never depend on timing; the files are
/// written, and linked, in the order the frames came.
final class FrameFileWriter: @unchecked Sendable {
    let folder: URL
    let repeats: RepeatedFrames
    /// The last file written, relative to the folder.
    private var lastWritten: String?
    private let queue = DispatchQueue(label: "streamshot.frame-files")
    /// Frames queued and not yet on disk: a bound on the bytes held (a dozen frames).
    private let slots = DispatchSemaphore(value: 12)
    private let lock = NSLock()
    /// Guarded by `lock`: how many queued frames are on disk (in order, up to the first failure),
    /// and that failure.
    private var finished = 0
    private var failure: (any Error)?

    init(folder: URL, repeats: RepeatedFrames) {
        self.folder = folder
        self.repeats = repeats
    }

    /// Queues `frame`'s PNG to be written, or linked to the last file written when it repeats
    /// that frame, or (`.distinct`) nothing for a repeat.
    /// - Returns: the file that holds the frame's pixels, relative to the folder (`frame.file`,
    ///   or for a distinct render's repeat the file of the frame it repeats).
    /// - Throws: the first failure of a write queued earlier.
    func write(_ frame: Frame, png: [UInt8], repeatsPrevious: Bool) throws -> String {
        try rethrowFailure()
        if repeats == .distinct, repeatsPrevious, let lastWritten {
            enqueue {}
            return lastWritten
        }
        let file = folder.appendingPathComponent(frame.file)
        let linkTo = repeats == .hardLinked && repeatsPrevious ? lastWritten.map { folder.appendingPathComponent($0) } : nil
        enqueue {
            // Linked: the same bytes under the frame's own name; where the file system cannot link, written.
            if let linkTo, (try? FileManager.default.linkItem(at: linkTo, to: file)) != nil { return }
            try PlainFile.write(png, to: file.path)
        }
        lastWritten = frame.file
        return frame.file
    }

    /// Queues a frame that has no file to write (kept in memory only), so that `framesOnDisk`
    /// counts it in its place.
    func pass() {
        enqueue {}
    }

    /// How many of the frames queued so far are on disk (they finish in order).
    var framesOnDisk: Int { lock.withLock { finished } }

    /// Waits until every queued frame is on disk.
    /// - Throws: the first failure of a queued write.
    func finish() throws {
        waitForQueued()
        try rethrowFailure()
    }

    /// Waits until the queue is empty (a render that stopped leaves no write landing after it).
    func waitForQueued() {
        queue.sync {}
    }

    private func enqueue(_ work: @escaping @Sendable () throws -> Void) {
        slots.wait()
        queue.async { [self] in
            let alreadyFailed = lock.withLock { failure != nil }
            var error: (any Error)?
            if !alreadyFailed {
                do { try work() } catch let thrown { error = thrown }
            }
            lock.withLock {
                if failure == nil { failure = error }
                // A frame whose file failed is never counted as on disk, nor any after it.
                if failure == nil { finished += 1 }
            }
            slots.signal()
        }
    }

    private func rethrowFailure() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
