import CPangoCairo

/// Encodes 8-bit RGB pixels as PNG with libspng: zlib level 1 and no row filters, which is
/// about five times faster than `cairo_surface_write_to_png` on phone-sized frames.
public enum PNGEncoder {
    /// Encodes one image.
    /// - Parameters:
    ///   - rgb: `width * height * 3` bytes, rows top to bottom.
    ///   - width: pixels per row.
    ///   - height: rows.
    /// - Returns: the PNG file's bytes.
    /// - Throws: `GraphicsError` with libspng's message when encoding fails.
    public static func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard rgb.count == width * height * 3 else {
            throw GraphicsError("encode PNG", "expected \(width * height * 3) bytes of RGB, got \(rgb.count)")
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw GraphicsError("encode PNG", "spng_ctx_new returned NULL")
        }
        defer { spng_ctx_free(ctx) }
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), "set encode-to-buffer")
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 1), "set compression level")
        try check(spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_DISABLE_FILTERING.rawValue)), "disable filters")
        var header = spng_ihdr()
        header.width = UInt32(width)
        header.height = UInt32(height)
        header.bit_depth = 8
        header.color_type = UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue)
        try check(spng_set_ihdr(ctx, &header), "set header")
        try rgb.withUnsafeBytes { pixels in
            try check(spng_encode_image(ctx, pixels.baseAddress, pixels.count, Int32(SPNG_FMT_PNG.rawValue),
                                        Int32(SPNG_ENCODE_FINALIZE.rawValue)), "encode image")
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error) else {
            throw GraphicsError("encode PNG", String(cString: spng_strerror(error)))
        }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Encodes pixels in Cairo's layout (converted to RGB first, on the calling thread).
    public static func encode(_ pixels: XRGBPixels) throws -> [UInt8] {
        try encode(rgb: pixels.rgb(), width: pixels.width, height: pixels.height)
    }

    private static func check(_ status: Int32, _ step: String) throws {
        guard status == 0 else {
            throw GraphicsError("encode PNG (\(step))", String(cString: spng_strerror(status)))
        }
    }
}

/// Decodes PNG files to 8-bit RGB with libspng (for golden comparisons and review tools).
public enum PNGDecoder {
    /// - Returns: the image's size and `width * height * 3` bytes of RGB, rows top to bottom.
    /// - Throws: `GraphicsError` with libspng's message for a file that is not a valid PNG.
    public static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        guard let ctx = spng_ctx_new(0) else { throw GraphicsError("decode PNG", "spng_ctx_new returned NULL") }
        defer { spng_ctx_free(ctx) }
        return try png.withUnsafeBytes { bytes in
            var status = spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count)
            guard status == 0 else { throw GraphicsError("decode PNG", String(cString: spng_strerror(status))) }
            var header = spng_ihdr()
            status = spng_get_ihdr(ctx, &header)
            guard status == 0 else { throw GraphicsError("decode PNG", String(cString: spng_strerror(status))) }
            var size = 0
            let format = Int32(SPNG_FMT_RGB8.rawValue)
            status = spng_decoded_image_size(ctx, format, &size)
            guard status == 0 else { throw GraphicsError("decode PNG", String(cString: spng_strerror(status))) }
            var rgb = [UInt8](repeating: 0, count: size)
            status = rgb.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, size, format, 0) }
            guard status == 0 else { throw GraphicsError("decode PNG", String(cString: spng_strerror(status))) }
            return (Int(header.width), Int(header.height), rgb)
        }
    }
}
