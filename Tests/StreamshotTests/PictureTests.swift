import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotManifest
@testable import StreamshotModel

/// An answer's images drawn from the files a team gives (`--image`, a trace's `images`):
/// alone in their paragraph, each picture fitted to the column at its start edge; among words,
/// or without a file, the alt text in a box. Nothing is fetched.
@Suite struct PictureTests {
    static let folder = TestSupport.examples.appendingPathComponent("pictures").path
    static let plan = "https://files.example.com/leases/4471/floor-plan.png"

    /// The last frame of `file` (in Examples/pictures) rendered on an iPhone 14 with `arguments`:
    /// its manifest and its pixels.
    static func render(_ file: String, _ arguments: [String]) throws -> (manifest: Manifest, pixels: [UInt8], width: Int) {
        var settings = try RenderSettings(arguments: ["--device", "iphone-14", "--network", "instant"] + arguments)
        settings.fonts = TestSupport.fontsDirectory
        var last: [UInt8] = []
        let manifest = try settings.job(input: .file(folder + "/" + file)).render { _, png in last = png }
        let image = try PNGDecoder.decode(last)
        return (manifest, image.rgb, image.width)
    }

    static func pixel(_ rgb: [UInt8], width: Int, x: Double, y: Double) -> [UInt8] {
        let offset = (Int(y) * width + Int(x)) * 3
        return Array(rgb[offset..<(offset + 3)])
    }

    @Test(arguments: ["ar", "en"])
    func aPictureAloneInItsParagraphIsDrawnFittedToTheColumnAtItsStartEdge(_ language: String) throws {
        // A phone as tall as the answer, so its last frame shows every picture.
        let (manifest, rgb, width) = try Self.render("\(language)-lease-plan.md", ["--image", Self.folder, "--size", "390x1800"])
        let pictures = manifest.blocks.filter { $0.kind == .picture }
        #expect(pictures.count == 3, "the plan, the seal and the photographed page")
        let plan = try #require(pictures.first?.pictures?.first)
        let seal = try #require(pictures[1].pictures?.first)
        #expect(plan.address == Self.plan && plan.file == "floor-plan.png")
        #expect(seal.file == "seal.png" && seal.alt == (language == "ar" ? "ختم المؤجر" : "The Landlord's seal"))
        // 1200 x 700 px, wider than the column: shrunk to its width, its shape kept.
        let column = (margin: 16.0 * 3, width: 1170.0 - 2 * 16 * 3)
        #expect(plan.x == column.margin && plan.width == column.width)
        #expect(plan.height == (column.width * 700 / 1200).rounded())
        // 200 x 200 px: its own size, a pixel a point, at the start edge (right in Arabic).
        #expect(seal.width == 600 && seal.height == 600)
        #expect(seal.x == (language == "ar" ? column.margin + column.width - 600 : column.margin))
        // Drawn: the plan's living room (its pale blue) where layout put it, on the last frame.
        let frame = try #require(manifest.frames.last)
        let block = try #require(frame.blocks.first { $0.id == pictures[0].id })
        let room = Self.pixel(rgb, width: width, x: plan.x + plan.width * 0.2, y: block.top + plan.y + plan.height * 0.3)
        #expect(room == [232, 240, 250] || room.allSatisfy { abs(Int($0) - 240) <= 12 } && room[2] > room[0], "\(room)")
        // An image among words keeps its alt text in a box, its file given or not.
        let deed = try #require(manifest.blocks.first { $0.text.contains(language == "ar" ? "صورة صك الملكية" : "Title deed") })
        #expect(deed.kind == .paragraph)
    }

    @Test func withoutItsFileAnImageIsItsAltTextAsBefore() throws {
        let (manifest, _, _) = try Self.render("en-lease-plan.md", [])
        #expect(!manifest.blocks.contains { $0.kind == .picture })
        #expect(
            manifest.blocks.contains {
                $0.kind == .paragraph && $0.text == "Plan of Apartment 12: three bedrooms, a kitchen, two bathrooms and a living room"
            })
    }

    @Test func oneAddressMapsOneFileAndAFolderMatchesByNameWithoutTheQuery() throws {
        var files = PictureFiles()
        try files.add(Self.plan + "=" + Self.folder + "/floor-plan.png")
        #expect(files.file(for: Self.plan)?.pixelWidth == 1200)
        #expect(files.file(for: "https://files.example.com/other/floor-plan.png") == nil, "an address is matched whole")
        var folder = PictureFiles()
        try folder.add(Self.folder)
        #expect(folder.file(for: "https://cdn.example.com/x/seal.png?w=200&sig=a=b#top")?.name == "seal.png")
        #expect(folder.file(for: "https://cdn.example.com/x/seal%2Epng")?.name == "seal.png", "percent-decoded")
        #expect(folder.file(for: "https://cdn.example.com/deed.png") == nil)
    }

    @Test func aFileThatCannotBeDrawnIsRefusedByName() throws {
        let directory = TestSupport.temporaryDirectory("pictures")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let jpeg = directory + "/deed.jpg"
        #expect(FileManager.default.createFile(atPath: jpeg, contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])))
        let gif = directory + "/deed.gif"
        #expect(FileManager.default.createFile(atPath: gif, contents: Data("GIF89a".utf8)))
        let cut = directory + "/cut.png"
        #expect(FileManager.default.createFile(atPath: cut, contents: Data(PictureFile.pngSignature + [0, 0])))
        func message(_ argument: String) -> String {
            do {
                _ = try RenderSettings(arguments: ["--image", argument])
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("https://x/deed.jpg=\(jpeg)").contains("\(jpeg) is a JPEG whose markers break off before its size"))
        #expect(message("https://x/deed.gif=\(gif)").contains("\(gif) is neither a PNG nor a JPEG file (it is a GIF; give pictures as PNG or JPEG)"))
        #expect(message("https://x/cut.png=\(cut)").contains("\(cut) has no PNG header"))
        #expect(message("https://x/a.png=\(directory)/missing.png").contains("cannot read \(directory)/missing.png"))
        #expect(message("=\(cut)").contains("expected URL=FILE"))
        #expect(message("https://x/a.png=\(directory)").contains("cannot read \(directory) (not a readable file)"))
        // Sides of 2^32 - 1: refused by side, never multiplied past any bound.
        let huge = directory + "/huge.png"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(Self.header(sides: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]))))
        #expect(message("https://x/h.png=\(huge)").contains("is 4294967295x4294967295 pixels: a picture must have some, at most 32767 a side"))
        // Each within bounds, together past what a render decodes.
        let big = directory + "/big.png"
        // 32767 x 1200: 39 megapixels.
        #expect(FileManager.default.createFile(atPath: big, contents: Data(Self.header(sides: [0, 0, 0x7F, 0xFF, 0, 0, 0x04, 0xB0]))))
        try FileManager.default.copyItem(atPath: big, toPath: big + ".2.png")
        #expect(message("https://x/1.png=\(big)") == "accepted", "one is within bounds")
        #expect(message(directory).contains("brings the pictures to 78 megapixels; a render takes at most 64"), "two are not")
        #expect(
            try RenderSettings(arguments: ["--image", "https://x/1.png=\(big)", "--image", "https://x/2.png=\(big)"]).pictures.byAddress.count == 2,
            "one file twice is one")
        for file in [huge, big, big + ".2.png", jpeg] { try? FileManager.default.removeItem(atPath: file) }
        try? FileManager.default.removeItem(atPath: cut)
        #expect(message(directory).contains("\(directory) holds no .png, .jpg or .jpeg file"))
        #expect(message(directory + "/none").contains("is neither URL=FILE nor a folder"))
    }

    /// A PNG's first 24 bytes: its signature and an IHDR's length, type and `sides` (width, height).
    static func header(sides: [UInt8]) -> [UInt8] {
        let length: [UInt8] = [0, 0, 0, 13]
        let type: [UInt8] = Array("IHDR".utf8)
        return PictureFile.pngSignature + length + type + sides
    }

    /// While an image streams, a client with pictures shows nothing of it (not its alt text
    /// first), and a whole one waits for what follows it on its line.
    @Test func anImageIsHeldBackUntilItsLineSaysWhatItIs() {
        func held(_ text: String) -> Int {
            InlineCompletion.completion(of: Array(text.unicodeScalars)[...], holdsImages: true).holdBack
        }
        #expect(held("See ![plan of the fl") == "![plan of the fl".unicodeScalars.count)
        #expect(held("![plan](https://x/pl") == "![plan](https://x/pl".unicodeScalars.count)
        #expect(held("![plan](https://x/p.png)  ") == "![plan](https://x/p.png)  ".unicodeScalars.count)
        #expect(held("![plan](https://x/p.png)\n") == "![plan](https://x/p.png)\n".unicodeScalars.count, "the next line may go on")
        let prose = "wow![ " + String(repeating: "and more ", count: 300)
        #expect(held(prose) == 0, "a `![` in prose holds back no more than an image could be")
        #expect(held("![plan](https://x/p.png) and") == 0)
        #expect(held("**Plan** ![a") == 3)
        #expect(InlineCompletion.completion(of: Array("See ![plan of".unicodeScalars)[...]).holdBack == 0, "no pictures: as before")
    }

    /// A trace's `images` are read from its own folder, and only from there.
    @Test func aTracesImagesAreReadFromItsFolderOnly() throws {
        let directory = TestSupport.temporaryDirectory("trace-pictures")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.folder + "/seal.png", toPath: directory + "/seal.png")
        let images = #"{"https://x/seal.png":"seal.png","https://x/passwd.png":"/etc/passwd","https://x/up.png":"../seal.png"}"#
        let trace = """
            {"t":0,"type":"start","platform":"css","images":\(images)}
            {"t":100,"type":"show","text":"The seal:\\n\\n![Seal](https://x/seal.png)\\n\\n![Other](https://x/up.png)\\n"}
            {"t":400,"type":"end"}
            """
        try trace.write(toFile: directory + "/trace.jsonl", atomically: true, encoding: .utf8)
        var settings = try RenderSettings(arguments: "--format client-trace --scale 1")
        settings.fonts = TestSupport.fontsDirectory
        let manifest = try settings.job(input: .file(directory + "/trace.jsonl")).render { _, _ in }
        #expect(manifest.blocks.first { $0.kind == .picture }?.pictures?.map(\.file) == ["seal.png"])
        #expect(manifest.blocks.contains { $0.kind == .paragraph && $0.text == "Other" }, "outside its folder: the alt text")
        let warned = manifest.warnings.map(\.message)
        #expect(warned.contains { $0.contains("/etc/passwd is outside the trace's folder") })
        #expect(warned.contains { $0.contains("../seal.png is outside the trace's folder") })
    }
}

/// A phone's photo given as a JPEG: its size and Exif orientation read when given, the picture
/// drawn upright in its block.
@Suite struct JPEGPictureTests {
    @Test func aPhotosHeaderIsReadWhenGiven() throws {
        let file = try PictureFile(path: PictureTests.folder + "/signed-page.jpg", label: "--image")
        #expect((file.pixelWidth, file.pixelHeight, file.orientation) == (640, 480, 6))
        var folder = PictureFiles()
        try folder.add(PictureTests.folder)
        #expect(folder.file(for: "https://files.example.com/leases/4471/signed-page.jpg")?.orientation == 6, "a folder's JPEGs too")
    }

    /// Exif's orientation in either byte order; a value out of 1...8, or no Exif, is none.
    @Test func theOrientationIsReadInEitherByteOrder() {
        func exif(_ order: String, _ value: UInt16) -> [UInt8] {
            let little = order == "II"
            func bytes(_ number: Int, _ count: Int) -> [UInt8] {
                let big = (0..<count).reversed().map { UInt8((number >> ($0 * 8)) & 0xFF) }
                return little ? big.reversed() : big
            }
            return Array("Exif".utf8) + [0, 0] + Array(order.utf8) + bytes(42, 2) + bytes(8, 4) + bytes(1, 2)
                + bytes(0x0112, 2) + bytes(3, 2) + bytes(1, 4) + bytes(Int(value), 2) + [0, 0] + bytes(0, 4)
        }
        #expect(JPEGHeader.orientation(inExif: exif("II", 8)) == 8)
        #expect(JPEGHeader.orientation(inExif: exif("MM", 3)) == 3)
        #expect(JPEGHeader.orientation(inExif: exif("MM", 9)) == nil)
        #expect(JPEGHeader.orientation(inExif: Array("http://ns.adobe.com/xap/1.0/".utf8) + [0, 1, 2, 3]) == nil)
    }

    /// Drawn on the last frame at the column's width and upright: the desk round the sheet at its
    /// top corner, the signature's blue where the page has it, low on its left half.
    @Test(arguments: ["ar", "en"])
    func aPhotoIsDrawnUprightInItsBlock(_ language: String) throws {
        let (manifest, rgb, width) = try PictureTests.render("\(language)-lease-plan.md", ["--image", PictureTests.folder])
        let block = try #require(manifest.blocks.first { $0.pictures?.first?.file == "signed-page.jpg" })
        let photo = try #require(block.pictures?.first)
        #expect(photo.width == 1170 - 2 * 16 * 3 && photo.height == (photo.width * 640 / 480).rounded())
        let frame = try #require(manifest.frames.last)
        let top = try #require(frame.blocks.first { $0.id == block.id }).top
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            PictureTests.pixel(rgb, width: width, x: photo.x + photo.width * x / 480, y: top + photo.y + photo.height * y / 640)
        }
        let desk = pixel(14, 60)
        #expect(abs(Int(desk[0]) - 118) < 16 && abs(Int(desk[1]) - 96) < 16 && abs(Int(desk[2]) - 74) < 16, "\(desk)")
        let paper = pixel(240, 620 - 400)
        #expect(paper.allSatisfy { $0 > 225 }, "\(paper)")
        let signature = pixel(90 + 90, 530 + 18 * sin(90 / 17) * cos(90 / 41))
        #expect(signature[2] > signature[0] + 40, "\(signature)")
    }

    /// The frame header is found as libjpeg finds it: a stuffed 0xFF00 is no marker, and a frame
    /// header inside an APP segment is that segment's data, never the picture's size.
    @Test func theSizeIsReadWhereLibjpegReadsIt() throws {
        let photo = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PictureTests.folder + "/signed-page.jpg")))
        let fake: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x00, 0x64, 0x03, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        let segment: [UInt8] = [0xFF, 0xE2, 0x00, UInt8(fake.count + 2)] + fake
        let crafted = Array(photo[..<2]) + [0xFF, 0x00, 0x00, 0x06] + segment + Array(photo[2...])
        let path = TestSupport.temporaryDirectory("jpeg") + "/crafted.jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(crafted)))
        let file = try PictureFile(path: path, label: "--image")
        #expect((file.pixelWidth, file.pixelHeight) == (640, 480))
    }

    /// What libjpeg will not draw on a screen is refused when given, by name and reason.
    @Test(arguments: [
        (UInt8(0xC0), UInt8(12), UInt8(3), "is a 12-bit JPEG"), (0xC3, 8, 3, "is a lossless or hierarchical JPEG"),
        (0xC0, 8, 4, "is a CMYK JPEG, which is made for print (save it as RGB or grayscale)"),
        (0xC2, 8, 2, "is a JPEG of 2 colour components")
    ])
    func aJPEGNoScreenDrawsIsRefusedWhenGiven(_ marker: UInt8, _ precision: UInt8, _ components: UInt8, _ message: String) throws {
        let specs = (0..<components).flatMap { [UInt8($0 + 1), 0x11, 0] }
        let frame: [UInt8] = [precision, 0, 16, 0, 16, components] + specs
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, marker, 0, UInt8(frame.count + 2)] + frame + [0xFF, 0xD9]
        let path = TestSupport.temporaryDirectory("jpeg") + "/odd.jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(throws: InputError.self) { try PictureFile(path: path, label: "--image") }
        do {
            _ = try PictureFile(path: path, label: "--image")
        } catch {
            #expect("\(error)".contains("\(path) \(message)"), "\(error)")
        }
    }
}
