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
        let ctx = try nonNull(spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)), "encode PNG", creator: "spng_ctx_new")
        defer { spng_ctx_free(ctx) }
        try SPNG.check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), "encode PNG (set encode-to-buffer)")
        try SPNG.check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 1), "encode PNG (set compression level)")
        try SPNG.check(
            spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_DISABLE_FILTERING.rawValue)),
            "encode PNG (disable filters)")
        var header = spng_ihdr()
        header.width = UInt32(width)
        header.height = UInt32(height)
        header.bit_depth = 8
        header.color_type = UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue)
        try SPNG.check(spng_set_ihdr(ctx, &header), "encode PNG (set header)")
        try rgb.withUnsafeBytes { pixels in
            try SPNG.check(
                spng_encode_image(
                    ctx, pixels.baseAddress, pixels.count, Int32(SPNG_FMT_PNG.rawValue),
                    Int32(SPNG_ENCODE_FINALIZE.rawValue)), "encode PNG (encode image)")
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error) else {
            throw SPNG.error(error, "encode PNG")
        }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Encodes pixels in Cairo's layout (converted to RGB first, on the calling thread).
    public static func encode(_ pixels: XRGBPixels) throws -> [UInt8] {
        try encode(rgb: pixels.rgb(), width: pixels.width, height: pixels.height)
    }
}

/// Decodes PNG files to 8-bit RGB with libspng (for golden comparisons and review tools).
public enum PNGDecoder {
    /// - Returns: the image's size and `width * height * 3` bytes of RGB, rows top to bottom.
    /// - Throws: `GraphicsError` with libspng's message for a file that is not a valid PNG.
    public static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let ctx = try nonNull(spng_ctx_new(SPNG.decoderFlags), "decode PNG", creator: "spng_ctx_new")
        defer { spng_ctx_free(ctx) }
        return try png.withUnsafeBytes { bytes in
            try SPNG.check(spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count), "decode PNG")
            var header = spng_ihdr()
            try SPNG.check(spng_get_ihdr(ctx, &header), "decode PNG")
            var size = 0
            let format = Int32(SPNG_FMT_RGB8.rawValue)
            try SPNG.check(spng_decoded_image_size(ctx, format, &size), "decode PNG")
            // Not zeroed first: the decoder writes every byte, or fails.
            var status: Int32 = 0
            let rgb = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                status = spng_decode_image(ctx, buffer.baseAddress, size, format, 0)
                count = size
            }
            try SPNG.check(status, "decode PNG")
            return (Int(header.width), Int(header.height), rgb)
        }
    }
}
