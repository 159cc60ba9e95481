import StreamshotCMark
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// What GitHub draws beyond the spec's core: the footnote examples of cmark-gfm's own extension
/// tests (Fixtures/cmark-gfm-extensions.txt, at Debian's 0.29.0.gfm.6) against cmark-gfm's HTML
/// with footnotes on, and the raw HTML examples (the spec's Raw HTML and Disallowed Raw HTML,
/// the extension tests' tag filter) against the words cmark-gfm's HTML shows once GitHub's
/// sanitiser has passed it. Each is parsed in one go and streamed one character at a time.
@Suite struct GitHubConformanceTests {
    static let footnoteSections: Set = [
        "Footnotes", "When a footnote is used multiple times, we insert multiple backrefs.",
        "Footnote reference labels are href escaped"
    ]
    static let footnoteExamples = GFMSpec.examples(in: "cmark-gfm-extensions.txt").filter { footnoteSections.contains($0.section) }
    static let rawHTMLExamples =
        GFMSpec.examples().filter { ["Raw HTML", "Disallowed Raw HTML (extension)"].contains($0.section) }
        + GFMSpec.examples(in: "cmark-gfm-extensions.txt").filter { $0.section == "HTML tag filter" }

    @Test func footnoteExamplesGiveCMarkGFMsBlocksAndText() throws {
        #expect(Self.footnoteExamples.count == 3)
        for example in Self.footnoteExamples {
            let expected = HTMLShape.shape(try MarkdownParser.html(example.markdown, footnotes: true))
            #expect(GFMConformanceTests.shape(GFMConformanceTests.oneShot(example.markdown)) == expected, "example \(example.number)")
            #expect(GFMConformanceTests.shape(GFMConformanceTests.streamed(example.markdown)) == expected, "streamed \(example.number)")
        }
    }

    @Test func rawHTMLExamplesShowTheWordsGitHubShows() throws {
        #expect(Self.rawHTMLExamples.count > 20)
        #expect(SanitizedText.allowlist.contains("sup") && !SanitizedText.allowlist.contains("script"))
        var failures: [String] = []
        for example in Self.rawHTMLExamples {
            let expected = SanitizedText.visible(try MarkdownParser.html(example.markdown, unsafe: true))
            for (how, blocks) in [
                ("one shot", GFMConformanceTests.oneShot(example.markdown)),
                ("streamed", GFMConformanceTests.streamed(example.markdown))
            ] {
                let shown = Self.words(blocks)
                if shown != expected { failures.append("example \(example.number) \(how): expected «\(expected)», shown «\(shown)»") }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count):\n" + failures.joined(separator: "\n")))
    }

    /// Every element Streamshot styles is one GitHub's sanitiser keeps.
    @Test func everyStyledElementIsOnGitHubsAllowlist() {
        #expect(Set(GitHubHTML.styles.keys).subtracting(SanitizedText.allowlist).isEmpty)
    }

    /// The words of the blocks, their table cells included, white space runs as one space.
    static func words(_ blocks: [Block]) -> String {
        blocks.map { $0.kind == .table ? $0.rows.flatMap { $0.map(\.text) }.joined(separator: " ") : $0.content.text }
            .joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
