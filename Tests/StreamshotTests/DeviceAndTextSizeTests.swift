import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Devices, text sizes, Bold Text and Increase Contrast, proved from the manifest and the pixels.
@Suite struct DeviceAndTextSizeTests {
    /// Renders `input` with CLI-style `arguments` and returns the manifest (and, when asked, the last frame's PNG).
    static func render(_ input: RenderJob.Input, _ arguments: String, encode: Bool = false) throws -> (Manifest, [UInt8]?) {
        var settings = try RenderSettings(arguments: arguments)
        settings.fonts = TestSupport.fontsDirectory
        var job = try settings.job(input: input)
        job.options.encodesFrames = encode
        var last: [UInt8]?
        let manifest = try job.render { _, png in last = png }
        return (manifest, last)
    }

    static let arabic = "# عقد إيجار\n\nيلتزم المستأجر بسداد الأجرة في موعدها المحدد، وفي حال التأخر تستحق غرامة.\n\n```\nrent = 120000\n```\n"

    @Test func aDeviceSetsViewportScaleAndSafeAreaAndSizeAndScaleStillOverride() throws {
        let device = try RenderSettings(arguments: "--device iphone-se")
        #expect(device.size == ViewportSize(width: 375, height: 667) && device.scale == 2)
        let overridden = try RenderSettings(arguments: "--size 400x700 --scale 1 --device iphone-se")
        #expect(overridden.size == ViewportSize(width: 400, height: 700) && overridden.scale == 1)
        let options = try overridden.renderOptions()
        #expect(options.safeArea == SafeArea(top: 20, bottom: 0) && options.device?.name == "iphone-se")
        let pixel = DevicePreset.pixel7.pixels
        #expect(pixel.width == 1080 && pixel.height == 2400)
        let devices = "iphone-se, iphone-14, iphone-pro-max, ipad-11, android-compact, pixel-7"
        #expect(throws: InputError("--device iphone-99: expected one of \(devices) (did you mean iphone-se?)")) {
            try RenderSettings(arguments: "--device iphone-99")
        }
    }

    @Test func theManifestRecordsDeviceTextSizeAndSettings() throws {
        let (manifest, _) = try Self.render(.text(Self.arabic), "--device iphone-14 --scale 1 --text-size AX2 --bold-text --contrast increased")
        #expect(manifest.viewport.safeArea == SafeArea(top: 47, bottom: 34))
        #expect(manifest.options.device == "iphone-14" && manifest.options.textSize == "AX2")
        #expect(manifest.options.boldText == true && manifest.options.contrast == .increased)
        // The first block starts below the status bar and the margin.
        let first = try #require(manifest.frames.last?.blocks.first)
        #expect(first.top == 47 + 16)
    }

    /// Body text follows Apple's Body column; the Arabic pitch stays 1.8x at every size.
    @Test(arguments: DynamicTypeSize.allCases)
    func theArabicPitchIs1Point8TimesTheBodyAtEveryDynamicTypeSize(_ size: DynamicTypeSize) throws {
        let (manifest, _) = try Self.render(.text(Self.arabic), "--size 390x900 --scale 1 --text-size \(size.name)")
        let blocks = try #require(manifest.frames.last?.blocks)
        let paragraph = try #require(blocks.first { $0.kind == .paragraph })
        #expect(abs(paragraph.fontSize - size.pointSize(.body)) < 0.01)
        for block in blocks where block.kind != .code {
            #expect(abs(block.linePitch - 1.8 * block.fontSize) < 0.01, "block \(block.id) at \(size.name)")
        }
        let heading = try #require(blocks.first { $0.kind == .heading })
        #expect(heading.fontSize > paragraph.fontSize, "a heading stays larger than the body at \(size.name)")
    }

    @Test func androidFontScaleIsNonLinearFromAndroid14() throws {
        func bodySize(_ scale: String) throws -> Double {
            let (manifest, _) = try Self.render(.text("Notice period applies."), "--size 390x600 --scale 1 --text-size scale:\(scale)")
            return try #require(manifest.frames.last?.blocks.first).fontSize
        }
        #expect(try bodySize("1") == 17)
        #expect(abs(try bodySize("0.85") - 14.45) < 0.01)
        // 17 sp on the 2.0 curve lies between 14 -> 26 and 18 -> 30: 29 dp, not 34.
        #expect(abs(try bodySize("2") - 29) < 0.01)
        #expect(throws: InputError("--text-size scale:3: expected one of \(TextSize.accepted)")) {
            try RenderSettings(arguments: "--text-size scale:3")
        }
    }

    /// Pinned to the bottom, no line of text and no caret ever reaches into the home indicator's band.
    @Test(arguments: ["iphone-14", "iphone-pro-max", "ipad-11", "pixel-7"])
    func theStreamingLineNeverSitsUnderTheBottomSafeArea(_ device: String) throws {
        let path = TestSupport.examples.appendingPathComponent("ar-lease.sse").path
        let (manifest, _) = try Self.render(.file(path), "--device \(device) --scale 1 --network 3g --client haqq-mobile")
        let limit = Double(manifest.viewport.height) - (manifest.viewport.safeArea?.bottom ?? 0)
        #expect(manifest.viewport.safeArea?.bottom ?? 0 > 0)
        var checked = 0
        for frame in manifest.frames where frame.pinned == true {
            for block in frame.blocks {
                for line in block.lines {
                    #expect(
                        line.y + line.height <= limit + 0.01, "frame \(frame.index): block \(block.id) reaches \(line.y + line.height) > \(limit)")
                    checked += 1
                }
            }
            if let caret = frame.caret { #expect(caret.y + caret.height <= limit + 0.01) }
        }
        #expect(checked > 100)
    }

    @Test func boldTextSetsRegularTextBoldAndIncreasedContrastDarkensIt() throws {
        let text = "Notice period applies to both parties."
        let plain = try Self.render(.text(text), "--size 390x200 --scale 1", encode: true)
        let bold = try Self.render(.text(text), "--size 390x200 --scale 1 --bold-text", encode: true)
        let contrast = try Self.render(.text(text), "--size 390x200 --scale 1 --contrast increased", encode: true)
        let width = { (manifest: Manifest) in manifest.frames.last?.blocks.first?.lines.first?.width ?? 0 }
        #expect(width(bold.0) > width(plain.0) + 5, "bold glyphs are wider")
        #expect(width(contrast.0) == width(plain.0))
        let darkest = { (png: [UInt8]?) throws -> Int in
            let image = try PNGDecoder.decode(try #require(png))
            return stride(from: 0, to: image.rgb.count, by: 3).map { Int(image.rgb[$0]) + Int(image.rgb[$0 + 1]) + Int(image.rgb[$0 + 2]) }.min() ?? 0
        }
        #expect(try darkest(plain.1) == 0x1C * 2 + 0x1E, "standard text is the theme's #1C1C1E")
        #expect(try darkest(contrast.1) == 0, "increased contrast text is black")
    }

    @Test func aCodeBlockKeepsItsLinesAtTheLargestSize() throws {
        let code = "```\nlet rent = annualRent / 4 // paid quarterly in advance, due on the first day\n```\n"
        let (manifest, _) = try Self.render(.text(code), "--device iphone-se --scale 1 --text-size AX5")
        let block = try #require(manifest.frames.last?.blocks.first { $0.kind == .code })
        #expect(block.lines.count == 1)
        #expect(abs(block.fontSize - 14 * 53 / 17) < 0.01)
    }
}
