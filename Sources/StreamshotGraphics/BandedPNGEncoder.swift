import CPangoCairo

/// A PNG encoder that compresses an image in bands of rows and reuses a band's compressed bytes
/// whenever the same rows come again (a scrolled frame's rows, a typing frame's unchanged ones).
///
/// A PNG's pixels are one zlib stream of filtered rows. Here every band is deflated on its own,
/// raw, with no filter, ended by a full flush and never final: its bytes depend on its rows
/// alone, so bands concatenate into one valid deflate stream (closed by an empty final block),
/// and the stream's Adler-32 is combined from the bands' (`adler32_combine`). The cache maps a
/// band's 128-bit content hash (and length) to its compressed bytes, so it changes speed and never bytes:
/// the same pixels make the same file whatever was cached (tested).
public final class BandedPNGEncoder {
    /// Rows per band: small enough that a typing frame recompresses little, large enough that
    /// a band compresses well.
    public let bandRows: Int
    private var cache: [BandKey: Band] = [:]
    private let maxCachedBands: Int
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(bandRows: Int = 16, maxCachedBands: Int = 4096) {
        self.bandRows = max(1, bandRows)
        self.maxCachedBands = max(1, maxCachedBands)
    }

    struct BandKey: Hashable {
        let first: UInt64
        let second: UInt64
        let length: Int
    }

    private struct Band {
        let deflated: [UInt8]
        let adler: UInt
    }

    /// Encodes `width * height * 3` bytes of RGB, rows top to bottom.
    /// - Throws: `GraphicsError` for a size that does not match or a zlib failure.
    public func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard width > 0, height > 0, rgb.count == width * height * 3 else {
            throw GraphicsError("encode PNG", "expected \(width * height * 3) bytes of RGB, got \(rgb.count)")
        }
        var stream: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KB window, no preset dictionary
        var adler: UInt = 1
        let rowBytes = width * 3
        try rgb.withUnsafeBytes { pixels in
            for top in stride(from: 0, to: height, by: bandRows) {
                let rows = min(height, top + bandRows) - top
                let slice = UnsafeRawBufferPointer(rebasing: pixels[(top * rowBytes)..<((top + rows) * rowBytes)])
                let compressed = try band(slice, rowBytes: rowBytes)
                stream += compressed.deflated
                adler = adler32_combine(adler, compressed.adler, off_t(rows * (rowBytes + 1)))
            }
        }
        stream += [0x03, 0x00]  // an empty final fixed-Huffman block
        stream += Self.bigEndian(UInt32(truncatingIfNeeded: adler))
        return Self.png(width: width, height: height, idat: stream)
    }

    /// The band of `rows` (its rows' RGB, contiguous): from the cache by its content, else
    /// filtered (a None byte before each row) and deflated.
    private func band(_ rows: UnsafeRawBufferPointer, rowBytes: Int) throws -> Band {
        let key = Self.key(rows)
        if let cached = cache[key] {
            hits += 1
            return cached
        }
        misses += 1
        var filtered: [UInt8] = []
        filtered.reserveCapacity(rows.count + rows.count / rowBytes)
        for start in stride(from: 0, to: rows.count, by: rowBytes) {
            filtered.append(0)
            filtered.append(contentsOf: rows[start..<(start + rowBytes)])
        }
        let band = Band(deflated: try Self.deflate(filtered),
                        adler: filtered.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) })
        if cache.count >= maxCachedBands { cache.removeAll(keepingCapacity: true) }
        cache[key] = band
        return band
    }

    /// Two independent 64-bit multiply-xor hashes over the bytes, eight at a time, and the length.
    static func key(_ bytes: UnsafeRawBufferPointer) -> BandKey {
        var (first, second): (UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            first = (first ^ word) &* 0x100_0000_01b3
            first ^= first >> 29
            second = (second &+ word) &* 0xFF51_AFD7_ED55_8CCD
            second ^= second >> 31
        }
        for index in (words * 8)..<bytes.count {
            first = (first ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            second = (second &+ UInt64(bytes[index])) &* 0xFF51_AFD7_ED55_8CCD
        }
        return BandKey(first: first, second: second, length: bytes.count)
    }

    /// Raw deflate (level 1) of `bytes`, ended by a full flush: not final, byte-aligned, and
    /// independent of anything before it.
    static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GraphicsError("encode PNG", "zlib could not start a deflate stream")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CPangoCairo.deflate(&stream, Z_FULL_FLUSH)
            }
        }
        guard status == Z_OK, stream.avail_in == 0 else { throw GraphicsError("encode PNG", "zlib deflate failed (\(status))") }
        return Array(output[0..<Int(stream.total_out)])
    }

    /// The PNG file: signature, IHDR (8-bit RGB), one IDAT, IEND.
    static func png(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, truecolour, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
