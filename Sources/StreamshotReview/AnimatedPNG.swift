import Streamshot
import StreamshotGraphics

/// Writes an animated PNG (APNG) ourselves: each frame encoded by libspng, its image data
/// moved into fcTL/fdAT chunks, delays in milliseconds so it plays at real speed. After the
/// first, a frame holds only the band of rows that changed since the frame before (drawn over
/// it), so streaming text — a few rows a step — costs a few rows, not a picture.
public enum AnimatedPNG {
    /// - Parameter frames: images of one size with how long each shows.
    /// - Returns: the APNG file's bytes.
    /// - Throws: `GraphicsError`, or `InputError` for no frames or mixed sizes.
    public static func encode(_ frames: [(rgb: [UInt8], durationMs: Double)], width: Int, height: Int) throws -> [UInt8] {
        var writer = Writer(width: width, height: height)
        for frame in frames { try writer.append(frame.rgb, durationMs: frame.durationMs) }
        return try writer.finish()
    }

    /// An APNG made a frame at a time: only the last picture is kept (to find the rows that
    /// changed), so an animation of 3,000 frames holds three pictures, not 3,000 (review of a
    /// 10,000-frame render held 900 MB of them).
    public struct Writer {
        let width: Int
        let height: Int
        private var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        private var last: [UInt8]?
        private var frames = 0
        private var sequence: UInt32 = 0
        /// Where the acTL chunk is: its frame count is written once the frames are all in.
        private var controlAt = 0

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// Adds a picture shown for `durationMs`.
        /// - Throws: `InputError` for a picture of another size; `GraphicsError`.
        public mutating func append(_ rgb: [UInt8], durationMs: Double) throws {
            guard rgb.count == width * height * 3 else { throw InputError("an animation's frames must all be \(width)x\(height)") }
            // The rows that changed since the frame before (all of them for the first; one, kept,
            // for a frame that only holds the picture longer).
            let rows = last.map { changedRows($0, rgb, width: width, height: height) ?? 0..<1 } ?? 0..<height
            let band = Array(rgb[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)])
            let chunks = AnimatedPNG.chunks(of: try PNGEncoder.encode(rgb: band, width: width, height: rows.count))
            if last == nil {
                out += chunk("IHDR", chunks.first { $0.type == "IHDR" }!.data)
                controlAt = out.count
                out += chunk("acTL", be32(0) + be32(0))
            }
            let delay = UInt16(min(65535, max(1, durationMs.rounded())))
            // dispose_op none, blend_op source: the band replaces those rows, the rest stays.
            out += chunk(
                "fcTL",
                be32(sequence) + be32(UInt32(width)) + be32(UInt32(rows.count)) + be32(0) + be32(UInt32(rows.lowerBound))
                    + be16(delay) + be16(1000) + [0, 0])
            sequence += 1
            for data in chunks.filter({ $0.type == "IDAT" }).map(\.data) {
                if last == nil {
                    out += chunk("IDAT", data)
                } else {
                    out += chunk("fdAT", be32(sequence) + data)
                    sequence += 1
                }
            }
            last = rgb
            frames += 1
        }

        /// The file's bytes. - Throws: `InputError` when no frame was added.
        public mutating func finish() throws -> [UInt8] {
            guard frames > 0 else { throw InputError("an animation needs at least one frame") }
            let control = chunk("acTL", be32(UInt32(frames)) + be32(0))
            out.replaceSubrange(controlAt..<(controlAt + control.count), with: control)
            return out + chunk("IEND", [])
        }
    }

    /// The first to the last row that differs between two pictures; nil when none does.
    static func changedRows(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Range<Int>? {
        let stride = width * 3
        let differs = { (row: Int) in a[(row * stride)..<((row + 1) * stride)] != b[(row * stride)..<((row + 1) * stride)] }
        guard let first = (0..<height).first(where: differs) else { return nil }
        let last = (first..<height).reversed().first(where: differs)!
        return first..<(last + 1)
    }

    static func chunks(of png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result.append((type, Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
