import CPangoCairo
import Testing

@testable import StreamshotGraphics

/// A code line cut at its box's edge never shows a word without its first letters: an Arabic
/// word crossing the right edge of a left-to-right line is hidden whole, as is an English word
/// crossing the left edge of a line dragged sideways; a word that loses only its last letters is
/// cut where the edge falls, as a browser cuts it.
@Suite struct WordCutTests {
    private let fonts = try! FontLibrary(directory: GraphicsTests.fontsDirectory)
    private let font = FontSpec(families: "Noto Sans Mono, Noto Sans, Noto Naskh Arabic", sizePx: 30)

    private func layout(_ text: String) throws -> TextLayout {
        try TextLayout(library: fonts, text: text, font: font, width: nil, direction: .ltr, alignment: .left)
    }

    /// The left and right of `word`'s glyphs on line 0 (Pango's x ranges for its bytes).
    private func extent(of word: String, in layout: TextLayout) throws -> ClosedRange<Double> {
        let text = layout.text
        let range = try #require(text.range(of: word))
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let line = try #require(layout.pangoLine(at: 0))
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line, Int32(start), Int32(start + word.utf8.count), &ranges, &count)
        defer { g_free(ranges) }
        let xs = (0..<Int(count) * 2).map { Double(ranges![$0]) / Double(PANGO_SCALE) }
        return try #require(xs.min())...(try #require(xs.max()))
    }

    @Test func anArabicWordCrossingTheRightEdgeIsHiddenWhole() throws {
        let line = try layout("fee = rent * 0.01  # احسب الغرامة")
        let word = try extent(of: "الغرامة", in: line)
        let inside = (word.lowerBound + word.upperBound) / 2
        let cut = line.cutKeepingWordStarts(line: 0, at: inside, hiding: .right)
        #expect(abs(cut - word.lowerBound) < 1, "cut at \(cut), the word spans \(word)")
    }

    @Test func anEnglishWordCrossingTheRightEdgeIsCutWhereTheEdgeFalls() throws {
        let line = try layout("contract-check --keys returned")
        let word = try extent(of: "returned", in: line)
        let inside = (word.lowerBound + word.upperBound) / 2
        #expect(line.cutKeepingWordStarts(line: 0, at: inside, hiding: .right) == inside)
    }

    @Test func anEnglishWordCrossingTheLeftEdgeIsHiddenWholeAndAnArabicOneIsCut() throws {
        let line = try layout("contract-check --keys returned  # احسب الغرامة")
        let english = try extent(of: "returned", in: line)
        let cut = line.cutKeepingWordStarts(line: 0, at: (english.lowerBound + english.upperBound) / 2, hiding: .left)
        #expect(abs(cut - english.upperBound) < 1, "cut at \(cut), the word spans \(english)")
        let arabic = try extent(of: "احسب", in: line)
        let inside = (arabic.lowerBound + arabic.upperBound) / 2
        #expect(line.cutKeepingWordStarts(line: 0, at: inside, hiding: .left) == inside, "its end is what the left edge hides")
    }

    @Test func aCutOnASpaceStaysPut() throws {
        let line = try layout("a  b")
        let space = try extent(of: "  ", in: line)
        let middle = (space.lowerBound + space.upperBound) / 2
        #expect(line.cutKeepingWordStarts(line: 0, at: middle, hiding: .right) == middle)
    }
}
