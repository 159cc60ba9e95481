import Testing

@testable import StreamshotAnalysis

/// What a reveal shows a reader: Markdown a renderer does not draw is not counted.
@Suite struct DrawnCharactersTests {
    static func drawn(_ text: String) -> (chars: Int, words: Int) {
        let scalars = Array(text.unicodeScalars)
        let drawn = DrawnCharacters(scalars)
        return (drawn.count(from: 0, to: scalars.count), drawn.words(from: 0, to: scalars.count))
    }

    @Test func syntaxIsNotCounted() {
        #expect(Self.drawn("و[نموذج الإشعار](https://example.org/notice) ") == (16, 2))
        #expect(Self.drawn("|:-----|--------:|\n") == (0, 0))
        #expect(Self.drawn("| الرد | 30 يومًا |\n").chars == "الرد  30 يومًا \n".unicodeScalars.count + 1)
        #expect(Self.drawn("## البند الأول") == (11, 2))
        #expect(Self.drawn("**عاجل** `code`") == (9, 2))
        #expect(Self.drawn("<https://example.org/a>") == (21, 1))
    }

    /// Text with no syntax is counted whole: `2 * 3`, a lone pipe, parentheses without a link.
    @Test func plainTextIsCountedWhole() {
        for text in ["2 * 3 = 6", "a | b", "(see clause 4)", "snake_case and so on"] {
            #expect(Self.drawn(text).chars == text.unicodeScalars.count, "\(text)")
        }
    }
}
