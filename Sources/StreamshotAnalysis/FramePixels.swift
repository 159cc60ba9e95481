import CSPNG
import Foundation
public import StreamshotManifest

/// A frame's pixels as 8-bit RGBA, decoded from its PNG with libspng: what the contrast detector
/// samples, independent of the renderer's graphics stack.
public struct FramePixels: Sendable {
    public let width: Int
    public let height: Int
    /// Row by row, four bytes a pixel.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Decodes PNG bytes; nil when they are not a PNG libspng can read (the caller says so).
    public init?(png data: [UInt8]) {
        // Adler-32 skipped: each IDAT chunk's CRC-32, still checked, covers the same bytes.
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)) else { return nil }
        defer { spng_ctx_free(ctx) }
        var header = spng_ihdr()
        var size = 0
        let decoded: [UInt8]? = data.withUnsafeBytes { bytes -> [UInt8]? in
            guard spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count) == 0, spng_get_ihdr(ctx, &header) == 0,
                spng_decoded_image_size(ctx, Int32(SPNG_FMT_RGBA8.rawValue), &size) == 0,
                size == Int(header.width) * Int(header.height) * 4
            else { return nil }
            // Not zeroed first: the decoder writes every byte, or fails.
            var status: Int32 = 0
            let out = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                status = spng_decode_image(ctx, buffer.baseAddress, size, Int32(SPNG_FMT_RGBA8.rawValue), 0)
                count = size
            }
            return status == 0 ? out : nil
        }
        guard let decoded else { return nil }
        self.init(width: Int(header.width), height: Int(header.height), rgba: decoded)
    }

    /// The colour at (x, y) as sRGB components 0...255 (alpha ignored: frames are opaque).
    func color(x: Int, y: Int) -> (Int, Int, Int) {
        let index = (y * width + x) * 4
        return (Int(rgba[index]), Int(rgba[index + 1]), Int(rgba[index + 2]))
    }
}

/// Where a check finds each frame's pixels: a render folder's PNGs, or (tests) pixels in memory.
public struct FramePixelSource: Sendable {
    let pixels: @Sendable (Frame) -> FramePixels?

    public init(_ pixels: @escaping @Sendable (Frame) -> FramePixels?) { self.pixels = pixels }

    /// The PNGs next to a render's manifest (`frames[].file`, relative to `directory`).
    public static func directory(_ directory: String) -> FramePixelSource {
        FramePixelSource { frame in
            let path = (directory as NSString).appendingPathComponent(frame.file)
            return FileManager.default.contents(atPath: path).flatMap { FramePixels(png: Array($0)) }
        }
    }
}
