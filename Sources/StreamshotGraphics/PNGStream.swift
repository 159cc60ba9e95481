import CPangoCairo

/// A PNG stitched from bands of rows deflated on their own: each band is deflate blocks ended by a
/// full flush and never final, so its bytes depend on its rows alone and bands concatenate into
/// one valid deflate stream (closed by an empty final block). The stream's Adler-32 and the
/// IDAT chunk's CRC-32 are combined from the bands' own (`adler32_combine`, `crc32_combine`), so
/// stitching a frame copies its bands once and reads none of them again.
enum PNGStream {
    /// A band as the file takes it: deflated bytes, the Adler-32 of its `length` uncompressed
    /// bytes, and the CRC-32 of the deflated bytes.
    struct Band {
        let deflated: [UInt8]
        let adler: UInt
        let crc: UInt
        let length: Int

        init(filtered: [UInt8]) throws {
            (deflated, adler) = try PNGStream.deflate(filtered)
            crc = deflated.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            length = filtered.count
        }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let zlibHeader: [UInt8] = [0x78, 0x01]  // deflate, 32 KB window, no preset dictionary
    static let emptyFinalBlock: [UInt8] = [0x03, 0x00]  // an empty final fixed-Huffman block

    /// The PNG file of an 8-bit RGB image whose rows, filtered, are `bands` in order: signature,
    /// IHDR, one IDAT, IEND.
    static func png(width: Int, height: Int, bands: [Band]) -> [UInt8] {
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, truecolour, deflate, adaptive filters, no interlace
        let idatLength = zlibHeader.count + bands.reduce(0) { $0 + $1.deflated.count } + emptyFinalBlock.count + 4
        var file: [UInt8] = []
        file.reserveCapacity(signature.count + 3 * 12 + header.count + idatLength)
        file += signature
        file += chunk("IHDR", header)
        file += bigEndian(UInt32(idatLength))
        let type = Array("IDAT".utf8) + zlibHeader
        file += type
        var crc = crc32(0, type, uInt(type.count))
        var adler: UInt = 1
        for band in bands {
            file += band.deflated
            crc = crc32_combine(crc, band.crc, off_t(band.deflated.count))
            adler = adler32_combine(adler, band.adler, off_t(band.length))
        }
        let tail = emptyFinalBlock + bigEndian(UInt32(truncatingIfNeeded: adler))
        file += tail
        crc = crc32(crc, tail, uInt(tail.count))
        file += bigEndian(UInt32(truncatingIfNeeded: crc))
        file += chunk("IEND", [])
        return file
    }

    /// The zlib level of every band: 1, as libspng's. A band's bytes depend on its rows alone (the
    /// same pixels make the same file whatever the store held, and a shard starting anywhere writes
    /// the single render's bytes), so it is one level for every band, scrolled in or typed on.
    /// Measured on the peer benchmark's streams (issue 33): level 6 made files 0.75-0.9x libspng's
    /// and spent most of a scrolling frame deflating; level 1 deflates about four times faster and
    /// makes files about 1.02x libspng's.
    static let level: Int32 = 1

    /// Deflate of `bytes` at `level`, ended by a full flush (not final, byte-aligned, independent of
    /// anything before it), and their Adler-32. zlib's own wrapper computes the Adler-32 as it
    /// reads, so the rows are read once; its 2-byte header is dropped (the file has its own).
    static func deflate(_ bytes: [UInt8]) throws -> (deflated: [UInt8], adler: UInt) {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GraphicsError("encode PNG", "zlib could not start a deflate stream")
        }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count))) + 16
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { target, count in
            bytes.withUnsafeBufferPointer { source in
                // zlib only reads the input; its signature is not const.
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                status = CPangoCairo.deflate(&stream, Z_FULL_FLUSH)
            }
            count = status == Z_OK ? Int(stream.total_out) : 0
        }
        guard status == Z_OK, stream.avail_in == 0, stream.avail_out > 0, output.count > zlibHeader.count else {
            throw GraphicsError("encode PNG", "zlib deflate failed (\(status))")
        }
        return (Array(output[zlibHeader.count...]), stream.adler)
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
