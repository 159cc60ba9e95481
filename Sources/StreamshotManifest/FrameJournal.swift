import Foundation
import StreamshotOptions

/// A render's frame records in a scratch file, in a compact binary form, for the testing
/// library's checks: written as frames are made and read back a frame at a time, so a check of a
/// 20,000-frame stream holds one frame, and neither side spends its time on JSON — in a test
/// built for debugging, encoding and decoding the records as JSON took most of a long answer's
/// test.
///
/// A frame read back equals the one a reader of the render's manifest would decode (numbers are
/// rounded as the manifest writes them), so a check over the journal and `streamshot check` of
/// the manifest reach the same verdict. A frame whose blocks are its predecessor's — the same
/// array, as `FrameRecorder` hands them on for a repeated picture — stores them once, and reads
/// back sharing its predecessor's array.
///
/// Each record is its length (4 bytes) and then the frame (`JournalBytes.frame`).
package final class FrameJournal: @unchecked Sendable {
    package let path: String
    private let file: FileHandle
    // Encoding and writing happen on the journal's own thread, in order: the render's thread
    // only hands each frame over (a frame is a value), and a test's render runs beside it.
    private let queue = DispatchQueue(label: "streamshot.frame-journal")
    /// Batches handed over and not yet encoded: a bound on what is held.
    private let slots = DispatchSemaphore(value: 4)
    /// The journal thread's own: the record buffer and the last frame's blocks.
    private let bytes = JournalBytes()
    private var previousBlocks: [Frame.Block]?
    /// The first failure writing (guarded by `lock`).
    private let lock = NSLock()
    private var failure: (any Error)?
    /// Records are flushed to the file in runs of about this many bytes.
    private static let flushBytes = 1 << 20

    package init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw InputError("cannot create the frame journal \(path)")
        }
        self.path = path
        file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    deinit { try? file.close() }

    /// Frames not yet handed over: they go in batches, one wake of the journal's thread for many.
    private var batch: [Frame] = []
    private static let batchFrames = 32

    /// Hands `frame` to the journal's thread (with the next few).
    /// - Throws: the first failure writing a frame handed over before.
    package func append(_ frame: Frame) throws {
        batch.append(frame)
        if batch.count >= Self.batchFrames { try handOver() }
    }

    /// Writes what is left, once every frame handed over is encoded; the journal can be read from then on.
    package func finish() throws {
        try handOver()
        // Not synced to the disk: the same process reads it back, from the page cache.
        try queue.sync { try flush() }
        try rethrowFailure()
    }

    private func handOver() throws {
        try rethrowFailure()
        let frames = batch
        batch.removeAll(keepingCapacity: true)
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            do {
                for frame in frames { try record(frame) }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    private func record(_ frame: Frame) throws {
        let start = bytes.count
        bytes.placeholder()
        let repeats = previousBlocks.map { frame.blocks.sharesStorage(with: $0) } ?? false
        bytes.frame(frame, blocksRepeat: repeats)
        bytes.patch(UInt32(bytes.count - start - 4), at: start)
        previousBlocks = frame.blocks
        if bytes.count >= Self.flushBytes { try flush() }
    }

    private func flush() throws {
        try file.write(contentsOf: Data(bytesNoCopy: bytes.base, count: bytes.count, deallocator: .none))
        bytes.removeAll()
    }

    private func rethrowFailure() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// Each frame of the journal at `path`, in order, one at a time.
    /// - Throws: `InputError` for a journal cut short or not one.
    package static func forEachFrame(at path: String, _ body: (Frame) throws -> Void) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { throw InputError("cannot open the frame journal \(path)") }
        defer { try? file.close() }
        var pending: [UInt8] = []
        var consumed = 0
        var previousBlocks: [Frame.Block] = []
        while true {
            // A record's length first, then the whole record, reading more as needed.
            guard let header = try Self.read(4, from: file, into: &pending, at: &consumed) else { return }
            let length = pending.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: header.lowerBound, as: UInt32.self)) }
            guard let record = try Self.read(length, from: file, into: &pending, at: &consumed) else {
                throw InputError("the frame journal \(path) ends inside a record")
            }
            let frame = try pending.withUnsafeBytes { all in
                var cursor = JournalCursor(UnsafeRawBufferPointer(rebasing: all[record]))
                return try cursor.frame(previousBlocks: previousBlocks)
            }
            previousBlocks = frame.blocks
            try body(frame)
        }
    }

    /// The range of the next `count` bytes in `pending`, reading chunks from `file` as needed;
    /// nil at the end of the file.
    private static func read(_ count: Int, from file: FileHandle, into pending: inout [UInt8], at consumed: inout Int) throws -> Range<Int>? {
        while pending.count - consumed < count {
            if consumed > 0 {
                pending.removeFirst(consumed)
                consumed = 0
            }
            guard let chunk = try file.read(upToCount: max(flushBytes, count)), !chunk.isEmpty else {
                if pending.count - consumed == 0 { return nil }
                throw InputError("a frame journal ends inside a record")
            }
            pending.append(contentsOf: chunk)
        }
        defer { consumed += count }
        return consumed..<(consumed + count)
    }
}

extension Array {
    /// The same array, not merely equal ones: both hold the one storage (a frame handed on its
    /// predecessor's blocks). One comparison, where `==` would compare every line of every block.
    /// Empty arrays never count: they share the one empty storage whatever they came from.
    package func sharesStorage(with other: [Element]) -> Bool {
        guard !isEmpty, count == other.count else { return false }
        return withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
