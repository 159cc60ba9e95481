import CPangoCairo

/// A PNG's pixel data stitched from bands deflated on their own: each band is raw deflate ended
/// by a full flush and never final, so its bytes depend on its rows alone and bands concatenate
/// into one valid deflate stream (closed by an empty final block); the stream's Adler-32 is
/// combined from the bands' (`adler32_combine`).
struct PNGStream {
    private var stream: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KB window, no preset dictionary
    private var adler: UInt = 1

    /// Appends a band: its deflated bytes and the Adler-32 of its `length` uncompressed bytes.
    mutating func append(_ band: (deflated: [UInt8], adler: UInt), length: Int) {
        stream += band.deflated
        adler = adler32_combine(adler, band.adler, off_t(length))
    }

    /// The zlib stream: the bands, an empty final block and the Adler-32.
    func finished() -> [UInt8] {
        stream + [0x03, 0x00] + Self.bigEndian(UInt32(truncatingIfNeeded: adler))  // 03 00: an empty final fixed-Huffman block
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
