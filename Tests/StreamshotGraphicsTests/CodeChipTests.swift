import Testing

@testable import StreamshotGraphics

/// Inline code on a chip as GitHub draws it: rounded, 0.2em above and below, 0.4em beside where
/// a space gives it room — the space widened by that much, so the chip never reaches the next
/// word — and only 0.1em toward punctuation right after it.
@Suite struct CodeChipTests {
    private let fonts = try! FontLibrary(directory: GraphicsTests.fontsDirectory)
    private let font = FontSpec(families: "Noto Sans", sizePx: 40)
    private let chip = SpanPalette(chip: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.2))

    /// `text` laid out with `code`'s bytes in it styled as inline code.
    private func layout(_ text: String, code: String, palette: SpanPalette) throws -> TextLayout {
        let start = try #require(text.range(of: code)).lowerBound.utf16Offset(in: text)
        let bytes = text.utf8.count - text[text.index(text.startIndex, offsetBy: start)...].utf8.count
        return try TextLayout(
            library: fonts, text: text, font: font, width: nil, direction: .ltr, alignment: .left,
            spans: [TextSpan(bytes: bytes..<(bytes + code.utf8.count), style: .monospace)], palette: palette)
    }

    @Test func theChipIsPaddedWhereASpaceGivesItRoomAndRounded() throws {
        let padded = try layout("Run git push now.", code: "git push", palette: chip)
        let plain = try layout("Run git push now.", code: "git push", palette: SpanPalette())
        let box = try #require(padded.chips(onLine: 0).first)
        let codeSize = 40 * 0.9
        // The two spaces beside it are each 0.4em wider: the line grows by 0.8em.
        #expect(abs(padded.lines[0].width - plain.lines[0].width - 0.8 * codeSize) < 1)
        #expect(box.radius == 6 * 40 / 16)
        // 0.2em above and below the code's text, within the line's box (its damage and fade are measured from it).
        #expect(box.bottom - box.top > 1.4 * codeSize && box.top >= padded.lines[0].logicalTop && box.bottom <= padded.lines[0].logicalBottom)
        #expect(plain.chips(onLine: 0).isEmpty)
        // The chip stops short of "now.": the widened space keeps the word's gap.
        #expect(box.right < padded.lines[0].x + padded.lines[0].width - 0.4 * codeSize)
    }

    @Test func punctuationAfterTheCodeGetsOnlyATightEdge() throws {
        let glued = try layout("Run git push.", code: "git push", palette: chip)
        let spaced = try layout("Run git push .", code: "git push", palette: chip)
        let gluedBox = try #require(glued.chips(onLine: 0).first)
        let spacedBox = try #require(spaced.chips(onLine: 0).first)
        #expect(
            abs((gluedBox.right - gluedBox.left) - (spacedBox.right - spacedBox.left) + 0.3 * 40 * 0.9) < 0.5,
            "0.1em on the glued side instead of 0.4em")
    }

    /// In a right-to-left paragraph the space before the code is drawn on its right: the chip
    /// still takes the wide padding on the space's side only, and the tight edge toward the
    /// punctuation glued to it (it was padded on the wrong sides: found by review); its height
    /// stays within the line's box, which its damage and fade are measured from.
    @Test func rightToLeftPadsTheSpacesSideAndStaysInTheLine() throws {
        let font = FontSpec(families: "Noto Naskh Arabic, Noto Sans", sizePx: 40)
        func chip(_ text: String) throws -> (CodeChip, LayoutLine) {
            let start = text.utf8.count - text[text.range(of: "git push")!.lowerBound...].utf8.count
            let layout = try TextLayout(
                library: fonts, text: text, font: font, width: nil, direction: .rtl, alignment: .right,
                spans: [TextSpan(bytes: start..<(start + 8), style: .monospace)], palette: self.chip)
            return (try #require(layout.chips(onLine: 0).first), layout.lines[0])
        }
        let (glued, line) = try chip("نفّذ git push، ثم")
        let (spaced, _) = try chip("نفّذ git push ، ثم")
        let (pad, tight) = (0.4 * 40 * 0.9, 0.1 * 40 * 0.9)
        #expect(abs((spaced.right - spaced.left) - (glued.right - glued.left) - (pad - tight)) < 0.5)
        #expect(glued.bottom <= line.logicalBottom && glued.top >= line.logicalTop)
    }
}
