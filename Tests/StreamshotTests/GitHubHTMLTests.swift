import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Raw HTML in answers as GitHub draws it: allowlisted tags style their text, `<br>` breaks a
/// line (in a table cell too), other tags vanish with their text kept, the tagfilter's nine read
/// as text — never a tag shown raw, never a word lost.
@Suite struct GitHubHTMLTests {
    private func blocks(_ markdown: String) -> [Block] {
        Playback.streamedBlocks(markdown, steps: 1)
    }

    /// The spans of `style` in `text`, as the substrings they cover.
    private func styled(_ content: StyledText, _ style: SpanStyle) -> [String] {
        let bytes = Array(content.text.utf8)
        return content.spans.filter { $0.style.contains(style) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
    }

    @Test func inlineTagsStyleTheirTextAndDisappear() throws {
        let block = try #require(
            blocks("المبلغ <b>١٢٬٥٠٠ درهم</b> يُدفع<sup>1</sup> و<mark>مهم</mark> <span class=\"x\">كما</span> <kbd>Ctrl</kbd>\n").first)
        #expect(block.content.text == "المبلغ ١٢٬٥٠٠ درهم يُدفع1 ومهم كما Ctrl")
        #expect(styled(block.content, .bold) == ["١٢٬٥٠٠ درهم"])
        #expect(styled(block.content, .superscript) == ["1"])
        #expect(styled(block.content, .highlight) == ["مهم"])
        #expect(styled(block.content, .monospace) == ["Ctrl"])
    }

    @Test func aBreakInATableCellIsALineInTheCell() throws {
        let table = try #require(blocks("| البند | الوصف |\n|---|---|\n| ودیعه | مبلغ<br>قابل استرداد |\n").first { $0.kind == .table })
        #expect(table.rows[1][1].text == "مبلغ\nقابل استرداد")
    }

    /// An unclosed tag while streaming is drawn as it will look: the text after it is bold already.
    @Test func anUnclosedTagStylesWhatFollows() throws {
        let block = try #require(blocks("The rent is <strong>due on the first\n").first)
        #expect(block.content.text == "The rent is due on the first")
        #expect(styled(block.content, .bold) == ["due on the first"])
    }

    @Test func theTagfiltersTagsReadAsText() throws {
        let block = try #require(blocks("Never <script>alert(1)</script> runs.\n").first)
        #expect(block.content.text == "Never <script>alert(1)</script> runs.")
    }

    @Test(arguments: [
        ("<!-- note -->text", GitHubHTML.Effect.dropped), ("<br/>", .lineBreak), ("<BR>", .lineBreak), ("<b>", .open("b", .bold)),
        ("</em>", .close("em")), ("<unknown-tag x=1>", .dropped), ("<title>", .text), ("<3", .text)
    ])
    func eachTagHasOneEffect(_ literal: String, _ expected: GitHubHTML.Effect) {
        if literal.hasPrefix("<!--") {
            #expect(GitHubHTML.effect(of: "<!-- note -->") == expected)
        } else {
            #expect(GitHubHTML.effect(of: literal) == expected)
        }
    }

    /// A block of HTML reads as its text: a line per closed block element, the summary of a
    /// closed `<details>` only, entities decoded.
    @Test func aBlockOfHTMLReadsAsGitHubShowsIt() throws {
        let html =
            "<div align=\"center\">\n<p>الطرف <b>الأول</b> &amp; الثاني</p>\n<details><summary>التفاصيل</summary>\nنص مخفي\n</details>\n</div>\n"
        let block = try #require(blocks(html).first)
        #expect(block.kind == .html)
        #expect(block.content.text == "الطرف الأول & الثاني\n◂ التفاصيل")
        #expect(styled(block.content, .bold) == ["الأول"])
        let open = try #require(blocks("<details open><summary>S</summary>\nShown\n</details>\n").first)
        #expect(open.content.text == "▾ S\nShown")
    }

    /// Found by review: `open` is an attribute, not a word in one; a closed `<details>` inside a
    /// closed one keeps the outer's hidden text hidden; a page of `<` without `>` is text.
    @Test func detailsReadTheirOpenAttributeAndNest() throws {
        #expect(GitHubHTML.isOpen("<details open>") && GitHubHTML.isOpen("<details class=\"x\" OPEN>"))
        #expect(!GitHubHTML.isOpen("<details class=\"opener\">"))
        let nested = "<details><summary>A</summary>\n<details><summary>B</summary>b</details>\nhidden\n</details>\nafter\n"
        #expect(Playback.streamedBlocks(nested, steps: 1).first?.content.text == "▸ A\nafter")
        let pieces = GitHubHTML.pieces(of: String(repeating: "<a ", count: 2000))
        #expect(pieces.count == 1 && !pieces[0].isTag)
    }

    /// A tag being typed is held back, never drawn as text for a frame: inline, and at the end of
    /// an open block of raw HTML.
    @Test(arguments: ["Pay <b", "Pay <b class=\"x", "<div>\nThe fee <sp", "<details>\n<summary>Terms</summ"])
    func aTagBeingTypedIsHeldBack(_ typing: String) throws {
        var parser = BlockParser()
        parser.update(Array(typing.unicodeScalars)[...], ended: false)
        let shown = parser.blocks.map(\.content.text).joined(separator: "|")
        #expect(!shown.contains("<"), "\(typing) shows \(shown)")
    }

    /// An answer's `<details>` spans blocks (opener and summary, a blank line, the body in
    /// Markdown, `</details>` alone): closed, only its summary shows, with no gap where
    /// `</details>` stands; open, the body shows. Streamed, the summary appears with its first
    /// word and its triangle never changes sides.
    static let spanning = "Intro.\n\n<details>\n<summary>تفاصيل الغرامة</summary>\n\nيدفع المستأجر غرامة.\n\n- إشعار كتابي\n\n</details>\n\nبعده.\n"

    @Test func aClosedDetailsHidesItsBodyAcrossBlocks() throws {
        let shown = Playback.streamedBlocks(Self.spanning, steps: 40).map(\.content.text)
        #expect(shown == ["Intro.", "◂ تفاصيل الغرامة", "بعده."], "\(shown)")
        let open = Playback.streamedBlocks(Self.spanning.replacingOccurrences(of: "<details>", with: "<details open>"), steps: 40)
        #expect(open.map(\.content.text) == ["Intro.", "▾ تفاصيل الغرامة", "يدفع المستأجر غرامة.", "إشعار كتابي", "بعده."])
        let english = Playback.streamedBlocks("<details><summary>Penalty</summary>\n\nHidden.\n\n</details>\n", steps: 1)
        #expect(english.map(\.content.text) == ["▸ Penalty"])
    }

    @Test func aStreamingSummaryShowsFromItsFirstLetterOnOneSide() {
        var parser = BlockParser()
        let scalars = Array(Self.spanning.unicodeScalars)
        var seen: Set<String> = []
        for count in 0...scalars.count {
            parser.update(scalars[..<count], ended: count == scalars.count)
            for block in parser.blocks where block.kind == .html {
                let text = block.content.text
                #expect(!text.isEmpty && text.unicodeScalars.count > 2, "a triangle with no word: «\(text)»")
                seen.insert(String(text.prefix(1)))
                #expect(!text.contains("يدفع"), "the closed body shown: «\(text)»")
            }
            #expect(!parser.blocks.contains { $0.content.text.contains("يدفع") }, "the closed body shown at \(count)")
        }
        #expect(seen == ["◂"])
    }

    /// The summary's block reads right to left from its first frame: its direction comes from its
    /// words, not from `<details>` (it was laid out left to right, ▸ at the far left, the words crawling).
    @Test func anArabicSummaryReadsRightToLeft() throws {
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(Self.spanning), options: TestSupport.smallOptions())
        var summaries = 0
        for scene in scenes {
            for block in scene.manifestFrame(file: "").blocks where block.kind == .html {
                summaries += 1
                #expect(block.direction == .rtl, "frame \(scene.index)")
            }
        }
        #expect(summaries > 0)
    }

    /// A line's end after `<br>` is white space, as HTML reads it: no empty line between (it
    /// showed one); a hard break after `<br>` is a second break, as on GitHub.
    @Test func aBreakThenALineEndIsOneBreak() {
        #expect(Playback.streamedBlocks("يلتزم الطرف الأول<br>\nبالدفع.\n", steps: 1).first?.content.text == "يلتزم الطرف الأول\nبالدفع.")
        #expect(Playback.streamedBlocks("one<br>two\nthree\n", steps: 1).first?.content.text == "one\ntwo\nthree")
        #expect(Playback.streamedBlocks("one<br>  \ntwo\n", steps: 1).first?.content.text == "one\n\ntwo")
    }

    /// `<ins>` is underlined in the text's colour, not a link's (it was drawn as a link).
    @Test func insertedTextIsNotALink() throws {
        #expect(GitHubHTML.effect(of: "<ins>") == .open("ins", .inserted))
        let block = try #require(Playback.streamedBlocks("<ins>مهم</ins> جداً.\n", steps: 1).first)
        #expect(block.content.spans.map(\.style) == [.inserted])
        let layout = try TextLayout(
            library: try TestSupport.makeFonts(), text: block.content.text,
            font: FontSpec(families: BlockLayouter.rtlFamilies, sizePx: 17), width: 300,
            direction: .rtl, alignment: .right, spans: block.content.spans,
            palette: .init(link: Theme.light.link))
        #expect(!layout.hasOwnColors, "drawn in the text colour")
    }
}
