import Foundation

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
package final class FrameJournal {
    package let path: String
    private let file: FileHandle
    private let bytes = JournalBytes()
    private var previousBlocks: [Frame.Block]?
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

    package func append(_ frame: Frame) throws {
        let start = bytes.count
        bytes.placeholder()
        let repeats = previousBlocks.map { frame.blocks.sharesStorage(with: $0) } ?? false
        bytes.frame(frame, blocksRepeat: repeats)
        bytes.patch(UInt32(bytes.count - start - 4), at: start)
        previousBlocks = frame.blocks
        if bytes.count >= Self.flushBytes { try flush() }
    }

    /// Writes what is left; the journal can be read from then on.
    package func finish() throws {
        try flush()
        try file.synchronize()
    }

    private func flush() throws {
        try file.write(contentsOf: Data(bytesNoCopy: bytes.base, count: bytes.count, deallocator: .none))
        bytes.removeAll()
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
