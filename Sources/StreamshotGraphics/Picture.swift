import CJPEG
import CPangoCairo
import Foundation

/// A PNG or JPEG file decoded once into a cairo image surface it owns (premultiplied ARGB32,
/// with a PNG's transparency), turned as its Exif orientation says, to be drawn at any size
/// (`Canvas.draw(_:x:y:width:height:radius:opacity:)`).
public final class Picture: @unchecked Sendable {
    let surface: OpaquePointer
    /// Its size as drawn (a picture turned a quarter has its stored sides swapped).
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// The most pixels a picture decodes to when no size is expected of it (cairo's side limit
    /// bounds each side): what a render's pictures may take together.
    public static let maxPixels = 64_000_000

    /// - Parameters:
    ///   - orientation: Exif's 1 (as stored) to 8.
    ///   - size: the stored size its header was read as when it was given (and bounded then):
    ///     a file that decodes to another is refused before its pixels take any memory — it
    ///     changed since, or its header reads two ways.
    /// - Throws: `GraphicsError` naming the file for one that cannot be read or decoded.
    public init(path: String, orientation: Int = 1, size: (width: Int, height: Int)? = nil) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw GraphicsError("read picture", "cannot read \(path)") }
        let bytes = [UInt8](data)
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        let allowed = { (width: Int, height: Int) throws in
            let expected = size.map { $0 == (width, height) } ?? (width <= 32_767 && height <= 32_767 && width * height <= Self.maxPixels)
            guard expected, width > 0, height > 0 else {
                let given = size.map { " where it was given as \($0.width)x\($0.height)" } ?? ""
                throw GraphicsError("decode picture \(path)", "it decodes to \(width)x\(height) pixels\(given)")
            }
        }
        let decoded = try isJPEG ? Self.decodeJPEG(bytes, path: path, allowed: allowed) : Self.decodePNG(bytes, path: path, allowed: allowed)
        let turn = Orientation(exif: orientation, width: decoded.width, height: decoded.height)
        let surface = try nonNull(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(turn.width), Int32(turn.height)), "create picture surface",
            creator: "cairo_image_surface_create")
        try Cairo.check(cairo_surface_status(surface), "create picture surface") { cairo_surface_destroy(surface) }
        Self.fill(surface, with: decoded.pixels, turned: turn, premultiplying: !isJPEG)
        self.surface = surface
        pixelWidth = turn.width
        pixelHeight = turn.height
    }

    deinit { cairo_surface_destroy(surface) }

    /// The PNG as 8-bit RGBA rows, its palette and transparency applied.
    private static func decodePNG(
        _ png: [UInt8], path: String, allowed: (Int, Int) throws -> Void
    ) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let operation = "decode picture \(path)"
        let ctx = try nonNull(spng_ctx_new(SPNG.decoderFlags), operation, creator: "spng_ctx_new")
        defer { spng_ctx_free(ctx) }
        return try png.withUnsafeBytes { bytes in
            try SPNG.check(spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count), operation)
            var header = spng_ihdr()
            try SPNG.check(spng_get_ihdr(ctx, &header), operation)
            try allowed(Int(header.width), Int(header.height))
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

    /// The JPEG as opaque pixels in cairo's order (`CJPEG`), its size read from its header first.
    private static func decodeJPEG(
        _ jpeg: [UInt8], path: String, allowed: (Int, Int) throws -> Void
    ) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var error = [CChar](repeating: 0, count: 256)
        var width: UInt32 = 0
        var height: UInt32 = 0
        func failed() -> GraphicsError {
            let message = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return GraphicsError("decode picture \(path)", String(decoding: message, as: UTF8.self))
        }
        guard streamshot_jpeg_decode(jpeg, jpeg.count, nil, 0, &width, &height, &error, error.count) == 0 else { throw failed() }
        try allowed(Int(width), Int(height))
        let size = Int(width) * Int(height) * 4
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            status = streamshot_jpeg_decode(jpeg, jpeg.count, buffer.baseAddress, size, &width, &height, &error, error.count)
            count = size
        }
        guard status == 0 else { throw failed() }
        return (Int(width), Int(height), pixels)
    }

    /// Cairo's ARGB32 is native-endian 0xAARRGGBB with colour premultiplied by alpha: B, G, R, A
    /// in memory here. A PNG's RGBA is reordered and premultiplied; a JPEG's pixels are already
    /// so. Each pixel drawn is read from where the orientation says it is stored.
    private static func fill(_ surface: OpaquePointer, with pixels: [UInt8], turned turn: Orientation, premultiplying: Bool) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<turn.height {
                var to = y * stride
                for x in 0..<turn.width {
                    let from = turn.storedIndex(x: x, y: y) * 4
                    if premultiplying {
                        let alpha = UInt16(source[from + 3])
                        func premultiplied(_ value: UInt8) -> UInt8 { UInt8((UInt16(value) * alpha + 127) / 255) }
                        data[to] = premultiplied(source[from + 2])
                        data[to + 1] = premultiplied(source[from + 1])
                        data[to + 2] = premultiplied(source[from])
                        data[to + 3] = UInt8(alpha)
                    } else {
                        for byte in 0..<4 { data[to + byte] = source[from + byte] }
                    }
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
