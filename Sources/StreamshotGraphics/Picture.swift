import CPangoCairo
import Foundation

/// A PNG file decoded once into a cairo image surface it owns (premultiplied ARGB32, with its
/// transparency), to be drawn at any size (`Canvas.draw(_:x:y:width:height:radius:opacity:)`).
public final class Picture: @unchecked Sendable {
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// - Throws: `GraphicsError` naming the file for one that cannot be read or decoded.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw GraphicsError("read picture", "cannot read \(path)") }
        let (width, height, rgba) = try Self.decode([UInt8](data), path: path)
        let surface = try nonNull(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)), "create picture surface",
            creator: "cairo_image_surface_create")
        try Cairo.check(cairo_surface_status(surface), "create picture surface") { cairo_surface_destroy(surface) }
        Self.fill(surface, withRGBA: rgba, width: width, height: height)
        self.surface = surface
        pixelWidth = width
        pixelHeight = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// The PNG as 8-bit RGBA rows, its palette and transparency applied.
    private static func decode(_ png: [UInt8], path: String) throws -> (Int, Int, [UInt8]) {
        let operation = "decode picture \(path)"
        let ctx = try nonNull(spng_ctx_new(SPNG.decoderFlags), operation, creator: "spng_ctx_new")
        defer { spng_ctx_free(ctx) }
        return try png.withUnsafeBytes { bytes in
            try SPNG.check(spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count), operation)
            var header = spng_ihdr()
            try SPNG.check(spng_get_ihdr(ctx, &header), operation)
            var size = 0
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            try SPNG.check(spng_decoded_image_size(ctx, format, &size), operation)
            var status: Int32 = 0
            let rgba = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                status = spng_decode_image(ctx, buffer.baseAddress, size, format, Int32(SPNG_DECODE_TRNS.rawValue))
                count = size
            }
            try SPNG.check(status, operation)
            return (Int(header.width), Int(header.height), rgba)
        }
    }

    /// Cairo's ARGB32 is native-endian 0xAARRGGBB with colour premultiplied by alpha: B, G, R, A
    /// in memory here.
    private static func fill(_ surface: OpaquePointer, withRGBA rgba: [UInt8], width: Int, height: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        rgba.withUnsafeBufferPointer { source in
            for row in 0..<height {
                var from = row * width * 4
                var to = row * stride
                for _ in 0..<width {
                    let alpha = UInt16(source[from + 3])
                    func premultiplied(_ value: UInt8) -> UInt8 { UInt8((UInt16(value) * alpha + 127) / 255) }
                    data[to] = premultiplied(source[from + 2])
                    data[to + 1] = premultiplied(source[from + 1])
                    data[to + 2] = premultiplied(source[from])
                    data[to + 3] = UInt8(alpha)
                    from += 4
                    to += 4
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}

extension Canvas {
    /// Draws `picture` scaled into the box at (`x`, `y`), `width` by `height`, its corners
    /// rounded by `radius`, at `opacity` (a block fading in).
    public func draw(_ picture: Picture, x: Double, y: Double, width: Double, height: Double, radius: Double, opacity: Double) {
        guard width > 0, height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        rectPath(x: x, y: y, width: width, height: height, radius: radius)
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, width / Double(picture.pixelWidth), height / Double(picture.pixelHeight))
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        // GOOD filters with a box filter when shrinking: a photo fitted to a column stays smooth.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, opacity)
    }
}
