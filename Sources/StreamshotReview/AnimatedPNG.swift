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
        guard !frames.isEmpty else { throw InputError("an animation needs at least one frame") }
        guard frames.allSatisfy({ $0.rgb.count == width * height * 3 }) else { throw InputError("an animation's frames must all be \(width)x\(height)") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            // The rows that changed since the frame before (all of them for the first; one, kept,
            // for a frame that only holds the picture longer).
            let rows = index == 0 ? 0..<height : changedRows(frames[index - 1].rgb, frame.rgb, width: width, height: height) ?? 0..<1
            let band = Array(frame.rgb[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)])
            let chunks = Self.chunks(of: try PNGEncoder.encode(rgb: band, width: width, height: rows.count))
            if index == 0 {
                out += chunk("IHDR", chunks.first { $0.type == "IHDR" }!.data)
                out += chunk("acTL", be32(UInt32(frames.count)) + be32(0))
            }
            let delay = UInt16(min(65535, max(1, frame.durationMs.rounded())))
            // dispose_op none, blend_op source: the band replaces those rows, the rest stays.
            out += chunk("fcTL", be32(sequence) + be32(UInt32(width)) + be32(UInt32(rows.count)) + be32(0) + be32(UInt32(rows.lowerBound))
                         + be16(delay) + be16(1000) + [0, 0])
            sequence += 1
            for data in chunks.filter({ $0.type == "IDAT" }).map(\.data) {
                if index == 0 {
                    out += chunk("IDAT", data)
                } else {
                    out += chunk("fdAT", be32(sequence) + data)
                    sequence += 1
                }
            }
        }
        out += chunk("IEND", [])
        return out
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
