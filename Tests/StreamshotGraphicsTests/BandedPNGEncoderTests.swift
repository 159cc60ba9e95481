import Foundation
import Testing

@testable import StreamshotGraphics

/// The band-reusing PNG encoder: valid files (libspng and Python's zlib read them back to the
/// exact pixels), the same bytes whatever its cache holds, and reuse when rows come again.
@Suite struct BandedPNGEncoderTests {
    /// A page-like image: a light background with dark "lines of text" (noise in bands), `shift` rows scrolled.
    static func page(width: Int = 300, height: Int = 200, shift: Int = 0) -> [UInt8] {
        var rgb = [UInt8](repeating: 0xF8, count: width * height * 3)
        for row in 0..<height where (row + shift) % 24 < 14 {
            for column in 0..<width {
                // A function of the page's row, not the frame's: a scroll moves it.
                let mixed = UInt32(truncatingIfNeeded: (row + shift) &* 2_654_435_761 ^ column &* 40503) &* 2_246_822_519
                let value = UInt8(truncatingIfNeeded: mixed >> 24)
                let index = (row * width + column) * 3
                (rgb[index], rgb[index + 1], rgb[index + 2]) = (value, value / 2, 0x20)
            }
        }
        return rgb
    }

    @Test func itDecodesToTheExactPixels() throws {
        let rgb = Self.page()
        let png = try BandedPNGEncoder().encode(rgb: rgb, width: 300, height: 200)
        let image = try PNGDecoder.decode(png)
        #expect(image.width == 300 && image.height == 200 && image.rgb == rgb)
        // Heights that do not divide into bands, and one-row images.
        for height in [1, 15, 17, 33] {
            let small = Array(rgb.prefix(300 * height * 3))
            #expect(try PNGDecoder.decode(BandedPNGEncoder().encode(rgb: small, width: 300, height: height)).rgb == small)
        }
    }

    /// The decoder skips the zlib stream's Adler-32 (for speed), so a damaged byte in the image
    /// data must still be caught by the chunk's CRC-32: an error, never wrong pixels.
    @Test func aDamagedByteInTheImageDataIsStillAnError() throws {
        var png = try BandedPNGEncoder().encode(rgb: Self.page(), width: 300, height: 200)
        let idat = try #require((0..<(png.count - 4)).first { png[$0..<($0 + 4)].elementsEqual(Array("IDAT".utf8)) })
        png[idat + 40] ^= 0x10
        #expect(throws: GraphicsError.self) { try PNGDecoder.decode(png) }
    }

    @Test func pythonsZlibReadsTheSamePixels() throws {
        let rgb = Self.page(width: 64, height: 40)
        #expect(try Self.pythonsZlibReads([(try BandedPNGEncoder(bandRows: 8).encode(rgb: rgb, width: 64, height: 40), rgb)]))
    }

    /// A page scrolled through as a render scrolls it — by a few rows a frame, up and down, by a
    /// band and by more, so bands scroll in at every phase — with one encoder kept across the
    /// frames: every frame is read back to its exact pixels by libspng and by Python's zlib, and
    /// is the file a fresh encoder writes for it.
    @Test func scrolledFramesReadBackExactlyWithEitherDecoder() throws {
        let (width, height) = (120, 90)
        let encoder = BandedPNGEncoder()
        var scroll = 0
        var frames: [(png: [UInt8], rgb: [UInt8])] = []
        for step in [0, 1, 2, 3, 5, 7, 11, 15, 16, 17, 31, 4, -4, -13, 40, 9, 6] {
            scroll += step
            let rgb = Self.page(width: width, height: height, shift: scroll)
            let png = try encoder.encode(rgb: rgb, width: width, height: height, offset: scroll)
            let image = try PNGDecoder.decode(png)
            #expect(image.width == width && image.height == height && image.rgb == rgb, "scroll \(scroll)")
            #expect(try BandedPNGEncoder().encode(rgb: rgb, width: width, height: height, offset: scroll) == png, "scroll \(scroll)")
            frames.append((png, rgb))
        }
        #expect(encoder.hits > encoder.misses, "most bands scrolled in from earlier frames")
        #expect(try Self.pythonsZlibReads(frames))
    }

    /// Whether Python's zlib reads every PNG to its RGB (chunk CRCs, the stream's Adler-32, one
    /// filter byte None a row).
    static func pythonsZlibReads(_ files: [(png: [UInt8], rgb: [UInt8])]) throws -> Bool {
        let folder = NSTemporaryDirectory() + "streamshot-banded-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, file) in files.enumerated() {
            try Data(file.png).write(to: URL(fileURLWithPath: folder + "/\(index).png"))
            try Data(file.rgb).write(to: URL(fileURLWithPath: folder + "/\(index).rgb"))
        }
        let script = """
            import struct, sys, zlib
            for n in range(int(sys.argv[2])):
                data = open(f"{sys.argv[1]}/{n}.png", "rb").read()
                assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
                pos, idat, width, height = 8, b"", 0, 0
                while pos < len(data):
                    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
                    body = data[pos + 8:pos + 8 + length]
                    assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0], kind
                    if kind == b"IHDR": width, height = struct.unpack(">II", body[:8])
                    if kind == b"IDAT": idat += body
                    pos += 12 + length
                raw = zlib.decompress(idat)
                rows = [raw[r * (width * 3 + 1):(r + 1) * (width * 3 + 1)] for r in range(height)]
                assert all(row[0] == 0 for row in rows), n
                assert b"".join(row[1:] for row in rows) == open(f"{sys.argv[1]}/{n}.rgb", "rb").read(), n
            print("ok")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder, String(files.count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 && output == "ok\n"
    }

    /// A scrolled frame reuses the bands it shares with the one before, and its bytes are those a
    /// fresh encoder writes.
    @Test func theCacheChangesSpeedNeverBytes() throws {
        let warm = BandedPNGEncoder()
        _ = try warm.encode(rgb: Self.page(), width: 300, height: 200)
        let scrolled = Self.page(shift: 48)  // three bands up: whole bands repeat
        let (before, reusedBefore) = (warm.misses, warm.hits)
        let fromWarm = try warm.encode(rgb: scrolled, width: 300, height: 200)
        #expect(warm.hits - reusedBefore >= 8, "most bands were seen one frame earlier")
        #expect(warm.misses - before <= 5)
        #expect(try BandedPNGEncoder().encode(rgb: scrolled, width: 300, height: 200) == fromWarm)
        #expect(try BandedPNGEncoder(maxCachedBands: 1).encode(rgb: scrolled, width: 300, height: 200) == fromWarm)
    }

    /// A long scroll through a page many times taller than the store: the store holds no more
    /// than its limit, yet every frame still finds the bands it shares with the frame before
    /// (a store that emptied itself when full lost them all at once, every few frames).
    @Test func aLongScrollKeepsTheBandsOnScreenInAStoreOfFixedSize() throws {
        let encoder = BandedPNGEncoder(maxCachedBands: 32)  // 13 bands a frame; two generations of 16
        var lookups = (hits: 0, misses: 0)
        for frame in 0..<120 {
            let (hits, misses) = (encoder.hits, encoder.misses)
            _ = try encoder.encode(rgb: Self.page(shift: frame * 16), width: 300, height: 200, offset: frame * 16)
            #expect(encoder.heldBands <= 32, "frame \(frame): \(encoder.heldBands) bands held")
            if frame > 0 { lookups = (lookups.hits + encoder.hits - hits, lookups.misses + encoder.misses - misses) }
        }
        // Each frame scrolls one band: one band new, the rest seen a frame earlier.
        #expect(lookups.misses <= 2 * 119 && lookups.hits >= 11 * 119, "\(lookups)")
    }

    @Test func itIsNoMoreThanAThirdLargerThanOneStream() throws {
        let rgb = Self.page(width: 390, height: 844)
        let banded = try BandedPNGEncoder().encode(rgb: rgb, width: 390, height: 844)
        let whole = try PNGEncoder.encode(rgb: rgb, width: 390, height: 844)
        #expect(Double(banded.count) <= 1.3 * Double(whole.count), "\(banded.count) vs \(whole.count)")
    }
}
