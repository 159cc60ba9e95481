import StreamshotGraphics
import Testing
@testable import Streamshot

@Suite struct InlineMarkdownTests {
    @Test func stylesClosedMarkers() {
        let (text, spans) = InlineMarkdown.render("a **bold** and *it* and `code` ~~x~~", isOpen: false)
        #expect(text == "a bold and it and code x")
        #expect(spans.contains(TextSpan(bytes: 2..<6, style: .bold)))
        #expect(spans.contains(TextSpan(bytes: 11..<13, style: .italic)))
        #expect(spans.contains(TextSpan(bytes: 18..<22, style: .monospace)))
        #expect(spans.contains(TextSpan(bytes: 23..<24, style: .strikethrough)))
    }

    @Test func unclosedMarkersNeverFlashWhileStreaming() {
        #expect(InlineMarkdown.render("see **impor", isOpen: true).text == "see impor")
        #expect(InlineMarkdown.render("see **impor", isOpen: true).spans == [TextSpan(bytes: 4..<9, style: .bold)])
        #expect(InlineMarkdown.render("run `git st", isOpen: true).text == "run git st")
        #expect(InlineMarkdown.render("an _emph", isOpen: true).text == "an emph")
        #expect(InlineMarkdown.render("trailing *", isOpen: true).text == "trailing ")
        #expect(InlineMarkdown.render("[link](http://exa", isOpen: true).text == "link")
    }

    @Test func aFinishedBlockKeepsUnmatchedMarkersAsText() {
        #expect(InlineMarkdown.render("5 * 3 and a_b_c and **open", isOpen: false).text == "5 * 3 and a_b_c and **open")
    }

    @Test func arabicSpansUseByteOffsets() {
        let (text, spans) = InlineMarkdown.render("البند **الأول** هنا", isOpen: false)
        #expect(text == "البند الأول هنا")
        let bold = spans[0].bytes
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[bold], as: UTF8.self) == "الأول")
    }

    @Test func escapesAndLinks() {
        #expect(InlineMarkdown.render(#"\*not italic\* [site](https://x.y)"#, isOpen: false).text == "*not italic* site")
    }
}
