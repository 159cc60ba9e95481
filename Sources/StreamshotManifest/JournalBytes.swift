import StreamshotOptions

/// A growing run of bytes that numbers, flags and strings are appended to in their machine form:
/// the frame journal's record buffer (`FrameJournal`). Raw stores, because a test built for
/// debugging writes thousands of frames through here and a generic append is many times slower.
final class JournalBytes {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    // Each width written out rather than through one generic store: a test built for debugging
    // calls these a hundred times a frame, and an unspecialized generic call costs many times more.
    func int(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }
    func double(_ value: Double) { word(value.bitPattern) }
    func bool(_ value: Bool) { byte(value ? 1 : 0) }

    func byte(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    func word(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// A 4-byte placeholder, to `patch` once the record's length is known.
    func placeholder() {
        reserve(4)
        base.storeBytes(of: UInt32(0), toByteOffset: count, as: UInt32.self)
        count += 4
    }

    func optionalInt(_ value: Int?) {
        bool(value != nil)
        if let value { int(value) }
    }

    func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }

    func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            int(utf8.count)
            reserve(utf8.count)
            if let source = utf8.baseAddress { (base + count).copyMemory(from: source, byteCount: utf8.count) }
            count += utf8.count
        }
    }

    /// Overwrites the 4 bytes at `offset` (a record's length, known once the record is written).
    func patch(_ value: UInt32, at offset: Int) {
        base.storeBytes(of: value, toByteOffset: offset, as: UInt32.self)
    }

    private func reserve(_ bytes: Int) {
        guard count + bytes > capacity else { return }
        let grown = max(capacity * 2, count + bytes)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}

/// Reads back what `JournalBytes` wrote, in the same order, from one record's bytes.
struct JournalCursor {
    private let base: UnsafeRawPointer
    private let end: Int
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
        end = bytes.count
    }

    mutating func int() throws -> Int { Int(Int64(bitPattern: try word())) }
    mutating func double() throws -> Double { Double(bitPattern: try word()) }
    mutating func bool() throws -> Bool { try byte() != 0 }
    mutating func optionalInt() throws -> Int? { try bool() ? try int() : nil }
    mutating func optionalDouble() throws -> Double? { try bool() ? try double() : nil }

    mutating func string() throws -> String {
        let length = try int()
        guard length >= 0, offset + length <= end else { throw InputError("a frame journal record ends inside a string") }
        defer { offset += length }
        return String(decoding: UnsafeRawBufferPointer(start: base + offset, count: length), as: UTF8.self)
    }

    mutating func byte() throws -> UInt8 {
        guard offset < end else { throw InputError("a frame journal record ends early") }
        defer { offset += 1 }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    mutating func word() throws -> UInt64 {
        guard offset + 8 <= end else { throw InputError("a frame journal record ends early") }
        defer { offset += 8 }
        return base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
}
