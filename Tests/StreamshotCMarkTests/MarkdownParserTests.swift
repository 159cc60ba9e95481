import StreamshotCMark
import Testing

/// The C boundary: cmark-gfm's tree, with GitHub's extensions, as Swift values.
@Suite struct MarkdownParserTests {
    @Test func containersListsAndTaskItems() throws {
        let document = try MarkdownParser.parse(
            "1. Step one\n\n   More about it.\n\n   ```swift\n   let x = 1\n   ```\n2. Step two\n\n> quoted\n\n- [x] done\n- [ ] todo\n")
        #expect(document.kind == .document)
        #expect(
            document.children.map(\.kind) == [
                .list(ordered: true, start: 1, tight: false), .blockQuote,
                .list(ordered: false, start: 0, tight: true)
            ])
        let first = document.children[0].children[0]
        #expect(first.kind == .item(taskChecked: nil))
        #expect(first.children.map(\.kind) == [.paragraph, .paragraph, .codeBlock(info: "swift", literal: "let x = 1\n", fenced: true)])
        #expect(first.startLine == 1 && first.endLine == 7)
        let tasks = document.children[2].children
        #expect(tasks.map(\.kind) == [.item(taskChecked: true), .item(taskChecked: false)])
    }

    @Test func inlinesAutolinksEntitiesAndTables() throws {
        let document = try MarkdownParser.parse(
            "**bold *and italic*** ~~gone~~ <https://example.org> www.example.com &amp; &#1575;\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n")
        let inlines = document.children[0].children.map(\.kind)
        #expect(inlines.contains(.strong))
        #expect(inlines.contains(.strikethrough))
        #expect(inlines.contains(.link(url: "https://example.org", title: "")))
        #expect(inlines.contains(.link(url: "http://www.example.com", title: "")))
        #expect(
            inlines.contains(.text("&")) || inlines.contains(.text(" & "))
                || document.children[0].children.contains {
                    if case .text(let text) = $0.kind { return text.contains("&") && text.contains("ا") } else { return false }
                })
        #expect(document.children[1].kind == .table(alignments: [.left, .right]))
        #expect(document.children[1].children.map(\.kind) == [.tableRow(isHeader: true), .tableRow(isHeader: false)])
    }

    @Test func parsesOnManyThreadsAtOnceGiveTheSameTree() async throws {
        // cmark-gfm keeps its table of special inline characters in a global that attaching and
        // freeing extensions change: unserialized parses lose strikethrough at random.
        let text = "Some *it* and ~~gone~~ <https://x.org>\n\n| a |\n|--|\n| 1 |\n"
        let expected = try MarkdownParser.parse(text)
        try await withThrowingTaskGroup(of: MarkdownNode.self) { group in
            for _ in 0..<64 { group.addTask { try MarkdownParser.parse(text) } }
            for try await tree in group { #expect(tree == expected) }
        }
    }
}
