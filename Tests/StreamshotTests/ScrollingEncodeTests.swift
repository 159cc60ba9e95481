import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot

/// The frames of a render that scrolls, where most bands come from earlier frames and the ones
/// scrolled in are deflated: each is read back by libspng and by Python's zlib to the same
/// pixels, and is the very file a fresh encoder writes for those pixels at that scroll (so the
/// band store, the hashes moved with the scroll and the worker threads change nothing).
@Suite struct ScrollingEncodeTests {
    @Test func everyScrolledFrameReadsBackToItsPixelsWithEitherDecoder() throws {
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        options.encoderThreads = 2
        var frames: [(frame: Frame, png: [UInt8])] = []
        _ = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
            .render(TestSupport.transcript(TestSupport.example("ar-lease.md")), options: options) { frame, png in
                if png != frames.last?.png { frames.append((frame, png)) }
            }
        let scrolls = Set(frames.map(\.frame.scroll))
        #expect(scrolls.count > 20, "the answer scrolls through many offsets")
        let folder = TestSupport.temporaryDirectory("scrolling-encode")
        for (index, item) in frames.enumerated() {
            let image = try PNGDecoder.decode(item.png)
            let scroll = Int(exactly: item.frame.scroll) ?? 0
            let fresh = try BandedPNGEncoder().encode(rgb: image.rgb, width: image.width, height: image.height, offset: scroll)
            #expect(fresh == item.png, "frame \(item.frame.index) at scroll \(item.frame.scroll)")
            try Data(item.png).write(to: URL(fileURLWithPath: folder + "/\(index).png"))
            try Data(image.rgb).write(to: URL(fileURLWithPath: folder + "/\(index).rgb"))
        }
        #expect(try Self.pythonsZlibReads(folder: folder, count: frames.count) == "ok \(frames.count)\n")
    }

    /// What Python's zlib makes of files `0.png`... in `folder`: "ok N" when every one's chunk
    /// CRCs hold and its rows (filter None) are `N.rgb`'s bytes, else the first failure.
    static func pythonsZlibReads(folder: String, count: Int) throws -> String {
        let script = """
            import struct, sys, zlib
            folder, count = sys.argv[1], int(sys.argv[2])
            for n in range(count):
                data, pos, idat = open(f"{folder}/{n}.png", "rb").read(), 8, b""
                while pos < len(data):
                    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
                    body = data[pos + 8:pos + 8 + length]
                    assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0], (n, kind)
                    if kind == b"IHDR": width, height = struct.unpack(">II", body[:8])
                    if kind == b"IDAT": idat += body
                    pos += 12 + length
                raw, line = zlib.decompress(idat), width * 3 + 1
                assert all(raw[r * line] == 0 for r in range(height)), n
                assert b"".join(raw[r * line + 1:(r + 1) * line] for r in range(height)) == open(f"{folder}/{n}.rgb", "rb").read(), n
            print("ok", count)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder, String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output
    }
}
