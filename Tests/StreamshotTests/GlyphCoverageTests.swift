import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// What the bundled fonts cover: emoji in colour at text size, Hebrew in bold, ordinary text
/// untouched by the emoji font, and a warning for any character none of them covers.
@Suite struct GlyphCoverageTests {
    /// A frame decoded to RGB, with the record that says where each line is.
    struct RenderedFrame {
        let record: Frame
        let width: Int
        let rgb: [UInt8]

        /// The pixel at (x, y): red, green, blue.
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = (y * width + x) * 3
            return (Int(rgb[offset]), Int(rgb[offset + 1]), Int(rgb[offset + 2]))
        }

        /// The pixels of a line's box (clipped to the frame).
        func pixels(in line: Frame.Line) -> [(x: Int, y: Int, rgb: (Int, Int, Int))] {
            let height = rgb.count / 3 / width
            let xs = max(0, Int(line.x.rounded(.down)))..<min(width, Int((line.x + line.width).rounded(.up)))
            let ys = max(0, Int(line.y.rounded(.down)))..<min(height, Int((line.y + line.height).rounded(.up)))
            return ys.flatMap { y in xs.map { x in (x, y, pixel(x, y)) } }
        }

        /// How much darker than the white background the frame is, summed over every pixel.
        var ink: Int {
            stride(from: 0, to: rgb.count, by: 3).reduce(0) { $0 + 255 - Int(min(rgb[$1], rgb[$1 + 1], rgb[$1 + 2])) }
        }
    }

    /// Body text at 17 pt on a 3x screen: the size emoji must look right at.
    static var options: RenderOptions {
        var options = RenderOptions()
        options.heightPt = 240
        return options
    }

    /// Renders `markdown`, arriving all at once, and returns every frame's PNG and the manifest.
    static func render(_ markdown: String, fonts: String = TestSupport.fontsDirectory) throws -> (pngs: [[UInt8]], manifest: Manifest) {
        var pngs: [[UInt8]] = []
        let manifest = try Renderer(fontsDirectory: fonts).render(
            TestSupport.transcript(markdown, network: .instant),
            options: options
        ) { _, png in pngs.append(png) }
        return (pngs, manifest)
    }

    static func lastFrame(_ markdown: String) throws -> RenderedFrame {
        let (pngs, manifest) = try render(markdown)
        let image = try PNGDecoder.decode(try #require(pngs.last))
        return RenderedFrame(record: try #require(manifest.frames.last), width: image.width, rgb: image.rgb)
    }

    /// Saturation: the spread between a pixel's strongest and weakest channel. Grey text on white has none.
    static func saturation(_ rgb: (Int, Int, Int)) -> Int { max(rgb.0, rgb.1, rgb.2) - min(rgb.0, rgb.1, rgb.2) }

    static func missingGlyphWarnings(_ warnings: [RenderWarning]) -> [RenderWarning] {
        warnings.filter { $0.kind == .missingGlyph }
    }

    // MARK: Emoji

    @Test func emojiPaintInColourInsideTheirOwnGlyphBox() throws {
        let frame = try Self.lastFrame("📄\n\n🤝\n\n✅\n\nClause #3 * 2")
        let blocks = frame.record.blocks
        try #require(blocks.count == 4)
        var boxes: [Frame.Line] = []
        for (emoji, block) in zip(["📄", "🤝", "✅"], blocks) {
            let line = try #require(block.lines.first)
            boxes.append(line)
            let coloured = frame.pixels(in: line).filter { Self.saturation($0.rgb) > 60 }
            #expect(coloured.count > 300, "\(emoji): \(coloured.count) coloured pixels")
            // At text size: without the bitmap-scaling rule cairo 1.16 draws the font's 109 px
            // strike as it is, past the glyph's advance and over the lines around it.
            let inkWidth = Double((coloured.map(\.x).max() ?? 0) - (coloured.map(\.x).min() ?? 0) + 1)
            let inkHeight = Double((coloured.map(\.y).max() ?? 0) - (coloured.map(\.y).min() ?? 0) + 1)
            #expect(
                inkWidth <= 1.3 * block.fontSize && inkHeight <= 1.3 * block.fontSize,
                "\(emoji): \(inkWidth) x \(inkHeight) px at a \(block.fontSize) px font")
        }
        // Every coloured pixel of the frame is inside an emoji's line box.
        let height = frame.rgb.count / 3 / frame.width
        for y in 0..<height {
            for x in 0..<frame.width where Self.saturation(frame.pixel(x, y)) > 60 {
                let inside = boxes.contains {
                    Double(x) >= $0.x - 1 && Double(x) < $0.x + $0.width + 1 && Double(y) >= $0.y && Double(y) < $0.y + $0.height
                }
                #expect(inside, "a coloured pixel at (\(x), \(y)), outside every emoji's box")
                if !inside { return }
            }
        }
        // The control: text in the text colour is grey, not coloured.
        let text = try #require(blocks[3].lines.first)
        #expect(frame.pixels(in: text).allSatisfy { Self.saturation($0.rgb) <= 8 })
    }

    @Test func keycapsAreOneColourGlyphWhilePlainDigitsAndSignsStayText() throws {
        let frame = try Self.lastFrame("#️⃣\n\nSign #1")
        let keycap = try #require(frame.record.blocks.first?.lines.first)
        let sign = try #require(frame.record.blocks.last?.lines.first)
        // Drawn whole by the emoji font: a coloured key with a light "#" on it, and no dark text
        // "#" from a text font beside an empty key.
        let pixels = frame.pixels(in: keycap)
        #expect(pixels.filter { Self.saturation($0.rgb) > 60 }.count > 300)
        #expect(pixels.allSatisfy { max($0.rgb.0, $0.rgb.1, $0.rgb.2) > 100 })
        #expect(frame.pixels(in: sign).allSatisfy { Self.saturation($0.rgb) <= 8 })
    }

    @Test func theEmojiFontChangesNoPixelOfOrdinaryText() throws {
        // The emoji font has glyphs for digits, "#", "*", the space and a few symbols (keycap bases):
        // ordinary text must still take them from the text fonts, in every kind of block.
        let markdown = """
            # Clause #3 * 2 — 0123456789

            Clause #3 * 2 of the lease, 0123456789, © ® ™ ↔ ▪ ▶ ◀ and a\u{200D}b.

            البند #3 * 2 من العقد: ٠١٢٣٤٥٦٧٨٩ و 0123456789 © ™ ▶

            - one 1
              - two #2
                - three *3*

            | # | n * 2 |
            |---|---|
            | 1 | 22 © |

            ```
            let x = 3 * 2 # 10
            ```
            """
        let withoutEmoji = TestSupport.temporaryDirectory("fonts-without-emoji")
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: TestSupport.fontsDirectory) where name != "NotoColorEmoji.ttf" {
            try manager.createSymbolicLink(atPath: withoutEmoji + "/" + name, withDestinationPath: TestSupport.fontsDirectory + "/" + name)
        }
        let with = try Self.render(markdown)
        let without = try Self.render(markdown, fonts: withoutEmoji)
        #expect(with.pngs.count == without.pngs.count)
        #expect(with.pngs == without.pngs)
        #expect(with.manifest.frames == without.manifest.frames)
    }

    @Test func emojiRenderTheSameBytesTwice() throws {
        let markdown = "Files 📄 shared 🤝 and signed ✅, keycap #️⃣ and ❤️."
        #expect(try Self.render(markdown).pngs == Self.render(markdown).pngs)
    }

    // MARK: Hebrew bold

    @Test func hebrewBoldIsHeavierThanRegular() throws {
        let text = "שלום עולם, זהו חוזה השכירות"
        let regular = try Self.lastFrame(text).ink
        let bold = try Self.lastFrame("**\(text)**").ink
        // Without a bold face fontconfig gives the regular one (no synthetic emboldening here): the same ink.
        #expect(Double(bold) > 1.2 * Double(regular), "bold \(bold), regular \(regular)")
    }

    // MARK: missing-glyph warnings

    @Test func aCharacterNoFontCoversIsOneWarningAtTheFirstFrameItShows() throws {
        let card = "\u{1F0A1}"
        let transcript = TestSupport.transcript("The ace \(card) wins.\n\nAgain \(card) and \(card) once more.", network: .steady)
        let (scenes, loop) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        let first = try #require(
            scenes.first { scene in
                scene.blocks.contains { $0.opacity > 0 && $0.placed.layout.text.contains(card) }
            })
        let warnings = Self.missingGlyphWarnings(loop.warnings)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.message == "U+1F0A1 (playing card ace of spades) has no glyph in the bundled fonts: "
                + "shown as a box from frame \(first.index) (\(Int(first.timeMs)) ms)")
        #expect(warnings.first?.timeMs == first.timeMs)
    }

    @Test func eachUncoveredCodePointIsOneWarningInTheOrderShownAndReachesTheManifest() throws {
        let (_, manifest) = try Self.render("漢字 \u{1F0A1} 漢 and \u{1F0A1}\n\n| a | b |\n|---|---|\n| \u{1F0AE} | 字 |")
        let warnings = Self.missingGlyphWarnings(manifest.warnings)
        #expect(warnings.map { String($0.message.prefix { $0 != " " }) } == ["U+6F22", "U+5B57", "U+1F0A1", "U+1F0AE"])
        #expect(warnings.allSatisfy { $0.message.contains("has no glyph in the bundled fonts: shown as a box from frame ") })
    }

    @Test func ordinaryLatinArabicAndEmojiTextGiveNoWarning() throws {
        for name in ["en-ar-mixed.md", "ar-lease.md", "en-answer.md", "ar-answer.md", "ar-vocalized.md", "ar-code.md"] {
            let (_, loop) = try TestSupport.scenes(
                TestSupport.transcript(TestSupport.example(name), network: .instant),
                options: TestSupport.smallOptions())
            #expect(Self.missingGlyphWarnings(loop.warnings).isEmpty, "\(name)")
        }
        let (_, loop) = try TestSupport.scenes(
            TestSupport.transcript("Files 📄 🤝 ✅ #️⃣ 👍🏽 🇸🇦 👨‍👩‍👧 שלום **עבה**", network: .instant),
            options: TestSupport.smallOptions())
        #expect(Self.missingGlyphWarnings(loop.warnings).isEmpty)
    }

    @Test func codePointsAreWrittenAsUnicodeDoes() {
        #expect(MissingGlyphTracker.codePoint("\u{A0}") == "U+00A0")
        #expect(MissingGlyphTracker.codePoint("\u{1FAE8}") == "U+1FAE8")
        #expect(
            MissingGlyphTracker.message("\u{1FAE8}", frame: 12, timeMs: 200)
                == "U+1FAE8 (shaking face) has no glyph in the bundled fonts: shown as a box from frame 12 (200 ms)")
    }
}
