import Foundation
import Testing

@testable import StreamshotGraphics

@Suite struct GraphicsTests {
    static let fontsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts").path

    @Test func loadsOnlyTheBundledFonts() throws {
        let fonts = try FontLibrary(directory: Self.fontsDirectory)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fontsDirectory).filter { $0.hasSuffix(".ttf") }
        #expect(fonts.faceCount == files.count)
    }

    @Test func aFolderWithoutFontsIsAnError() {
        let empty = NSTemporaryDirectory() + "streamshot-no-fonts-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(throws: GraphicsError.self) { try FontLibrary(directory: empty) }
    }

    /// Pango mirrors ALIGN_LEFT/RIGHT when auto-dir is on and a paragraph resolves against the
    /// base direction; TextLayout turns auto-dir off, so left is left and right is right.
    @Test(arguments: [WritingDirection.ltr, .rtl])
    func alignmentIsPhysicalWhateverTheText(_ direction: WritingDirection) throws {
        let fonts = try FontLibrary(directory: Self.fontsDirectory)
        let font = FontSpec(families: "Noto Naskh Arabic, Noto Sans", sizePx: 20)
        for text in ["عقد إيجار وحدة تجارية", "Commercial lease"] {
            let right = try TextLayout(library: fonts, text: text, font: font, width: 400, direction: direction, alignment: .right)
            let left = try TextLayout(library: fonts, text: text, font: font, width: 400, direction: direction, alignment: .left)
            #expect(abs(right.lines[0].x + right.lines[0].width - 400) < 0.01, "\(text) right")
            #expect(abs(left.lines[0].x) < 0.01, "\(text) left")
            #expect(right.lines[0].direction == direction)
        }
    }

    @Test func theCaretAtTheEndOfRTLTextIsOnItsLeft() throws {
        let fonts = try FontLibrary(directory: Self.fontsDirectory)
        let layout = try TextLayout(
            library: fonts, text: "مدة العقد", font: FontSpec(families: "Noto Naskh Arabic", sizePx: 20),
            width: 300, direction: .rtl, alignment: .right)
        let caret = layout.caret(atByte: layout.text.utf8.count)
        #expect(caret.line == 0)
        #expect(abs(caret.x - layout.lines[0].x) < 0.01)
    }

    /// Emphasis shows in scripts whose bundled font has no italic: the glyphs are slanted, as
    /// browsers synthesize them, so italic Arabic and Hebrew ink differs from upright.
    @Test(arguments: ["بإشعار كتابي", "שלום עולם"])
    func emphasisIsSlantedWithoutAnItalicFont(_ text: String) throws {
        let fonts = try FontLibrary(directory: Self.fontsDirectory)
        let font = FontSpec(families: "Noto Naskh Arabic, Noto Sans Hebrew", sizePx: 30)
        func ink(italic: Bool) throws -> [UInt8] {
            let spans = italic ? [TextSpan(bytes: 0..<text.utf8.count, style: .italic)] : []
            let layout = try TextLayout(library: fonts, text: text, font: font, width: 300, direction: .rtl, alignment: .right, spans: spans)
            let canvas = try Canvas(width: 320, height: 60)
            canvas.fill(Color(hex: 0xFFFFFF))
            canvas.draw(layout, line: 0, layoutX: 10, baseline: 42, color: Color(hex: 0x000000))
            return canvas.rgbBytes()
        }
        #expect(try ink(italic: true) != ink(italic: false))
    }

    @Test func encodesAPNGDeterministically() throws {
        let canvas = try Canvas(width: 64, height: 32)
        canvas.fill(Color(hex: 0xFFFFFF))
        canvas.fillRect(x: 8, y: 8, width: 16, height: 8, color: Color(hex: 0xFF0000))
        #expect(canvas.pixel(x: 10, y: 10) == Color(hex: 0xFF0000))
        #expect(canvas.pixel(x: 40, y: 10) == Color(hex: 0xFFFFFF))
        let pixels = canvas.rgbBytes()
        #expect(pixels.count == 64 * 32 * 3)
        #expect(Array(pixels[(10 * 64 + 10) * 3..<(10 * 64 + 10) * 3 + 3]) == [255, 0, 0])
        let png = try PNGEncoder.encode(rgb: pixels, width: 64, height: 32)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGEncoder.encode(rgb: pixels, width: 64, height: 32) == png)
    }

    @Test func badSizesAreErrorsNotCrashes() {
        #expect(throws: GraphicsError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: GraphicsError.self) { try PNGEncoder.encode(rgb: [1, 2, 3], width: 2, height: 2) }
    }
}
