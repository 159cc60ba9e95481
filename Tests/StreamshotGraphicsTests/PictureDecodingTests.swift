import Foundation
import Testing

@testable import StreamshotGraphics

/// Pictures decoded as a browser decodes them: a JPEG turned as its Exif orientation says, a
/// damaged one refused by name (libjpeg's fatal error never ends the process), one cut short
/// drawn as far as it goes.
@Suite struct PictureDecodingTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/pictures/signed-page.jpg").path

    /// A 3 x 2 picture's pixels, numbered row after row, as each orientation draws them.
    @Test(arguments: [
        (1, [0, 1, 2, 3, 4, 5]), (2, [2, 1, 0, 5, 4, 3]), (3, [5, 4, 3, 2, 1, 0]), (4, [3, 4, 5, 0, 1, 2]),
        (5, [0, 3, 1, 4, 2, 5]), (6, [3, 0, 4, 1, 5, 2]), (7, [5, 2, 4, 1, 3, 0]), (8, [2, 5, 1, 4, 0, 3])
    ])
    func eachOrientationDrawsTheStoredPixelsTurned(_ exif: Int, _ drawn: [Int]) {
        let turn = Orientation(exif: exif, width: 3, height: 2)
        #expect((turn.width, turn.height) == (exif >= 5 ? (2, 3) : (3, 2)))
        let order = (0..<turn.height).flatMap { y in (0..<turn.width).map { x in turn.storedIndex(x: x, y: y) } }
        #expect(order == drawn)
    }

    @Test func anUnknownOrientationIsAsStored() {
        #expect(Orientation(exif: 0, width: 3, height: 2).storedIndex(x: 2, y: 1) == 5)
        #expect(Orientation(exif: 9, width: 3, height: 2).width == 3)
    }

    /// The fixture is stored 640 x 480 and says 6 (a quarter turn clockwise): drawn 480 x 640.
    @Test func aPhotoIsDrawnUpright() throws {
        let picture = try Picture(path: Self.photo, orientation: 6)
        #expect((picture.pixelWidth, picture.pixelHeight) == (480, 640))
        let stored = try Picture(path: Self.photo)
        #expect((stored.pixelWidth, stored.pixelHeight) == (640, 480))
    }

    private static func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = NSTemporaryDirectory() + "streamshot-\(name)-\(UUID().uuidString).jpg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test func aDamagedJPEGIsRefusedByNameAndOneCutShortIsDrawnAsFarAsItGoes() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.photo)))
        // A Huffman table whose 16 code counts add up to far more than 256 codes: fatal to libjpeg.
        let table = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        let cut = Self.write(Array(bytes.prefix(bytes.count / 2)), "cut")
        for index in (table + 5)..<(table + 21) { bytes[index] = 0xFF }
        let bogus = Self.write(bytes, "bogus")
        defer { for path in [cut, bogus] { try? FileManager.default.removeItem(atPath: path) } }
        do {
            _ = try Picture(path: bogus)
            Issue.record("a bogus Huffman table was decoded")
        } catch let error as GraphicsError {
            #expect("\(error)".contains(bogus) && "\(error)".contains("Huffman"), "\(error)")
        }
        let partial = try Picture(path: cut, orientation: 6)
        #expect((partial.pixelWidth, partial.pixelHeight) == (480, 640))
    }

    /// A 16 x 16 grey progressive JPEG (Pillow, quality 50): six scans.
    static let progressive = Array(
        Data(
            base64Encoded:
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/wgALCAAQABABAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAAAAEP/8QAFBABAAAAAAAAAAAAAAAAAAAAIP/aAAgBAQABBQIf/8QAFBABAAAAAAAAAAAAAAAAAAAAIP/aAAgBAQAGPwIf/8QAFBABAAAAAAAAAAAAAAAAAAAAIP/aAAgBAQABPyEf/9oACAEBAAAAEA//xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAE/EB//2Q=="
        )!)

    /// Its last scan said `times` more: a few hundred bytes that would keep a decoder busy for
    /// as long as they ask, stopped past 100 scans; a plain progressive picture decodes.
    @Test func aProgressiveJPEGOfEndlessScansIsRefused() throws {
        func repeating(_ times: Int) -> [UInt8] {
            let bytes = Self.progressive
            let lastScan = (0..<(bytes.count - 1)).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
            let scan = bytes[lastScan..<(bytes.count - 2)]
            return Array(bytes[..<(bytes.count - 2)]) + Array(repeating: Array(scan), count: times).joined() + [0xFF, 0xD9]
        }
        let plain = Self.write(repeating(0), "progressive")
        let endless = Self.write(repeating(150), "endless")
        defer { for path in [plain, endless] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try Picture(path: plain).pixelWidth == 16)
        #expect(throws: GraphicsError.self) { try Picture(path: endless) }
        do {
            _ = try Picture(path: endless)
        } catch {
            #expect("\(error)".contains("more scans than any encoder writes"), "\(error)")
        }
    }

    /// A picture decodes to the size it was given as, or not at all: its pixels take no memory first.
    @Test func aPictureThatDecodesToAnotherSizeIsRefused() throws {
        #expect(try Picture(path: Self.photo, orientation: 6, size: (640, 480)).pixelHeight == 640)
        do {
            _ = try Picture(path: Self.photo, size: (100, 100))
            Issue.record("decoded at a size it was not given as")
        } catch let error as GraphicsError {
            #expect("\(error)".contains("it decodes to 640x480 pixels where it was given as 100x100"), "\(error)")
        }
    }
}
