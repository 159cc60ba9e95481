import Testing
@testable import Streamshot

@Suite struct BlockParserTests {
    private func parse(_ text: String, ended: Bool = true) -> [Block] {
        var parser = BlockParser()
        parser.update(Array(text.unicodeScalars)[...], ended: ended)
        return parser.blocks
    }

    /// Feeds `text` one character at a time, returning every intermediate block list.
    private func stream(_ text: String) -> [[Block]] {
        var parser = BlockParser()
        let scalars = Array(text.unicodeScalars)
        return (0...scalars.count).map { count in
            parser.update(scalars[..<count], ended: count == scalars.count)
            return parser.blocks
        }
    }

    @Test func parsesEveryKind() {
        let blocks = parse("""
        # Title
        Para line one
        line two

        - bullet
        2. numbered
        > quote
        ---
        ```swift
        let x = 1
        ```
        | a | b |
        |:--|--:|
        | 1 | 2 |
        """)
        #expect(blocks.map(\.kind) == [
            .heading(level: 1), .paragraph, .listItem(number: nil, depth: 0), .listItem(number: 2, depth: 0),
            .blockQuote, .thematicBreak, .code(language: "swift"), .table,
        ])
        #expect(blocks[1].content == "Para line one\nline two")
        #expect(blocks[6].content == "let x = 1")
        #expect(blocks[7].rows == [["a", "b"], ["1", "2"]])
        #expect(blocks[7].columnAlignments == [.left, .right])
        #expect(blocks.map(\.id) == Array(0..<8))
    }

    @Test func streamingCharacterByCharacterEndsAsTheOneShotParse() {
        for name in ["ar-lease.md", "en-ar-mixed.md"] {
            let text = TestSupport.example(name)
            #expect(stream(text).last! == parse(text), "\(name)")
        }
    }

    @Test func aBlockNeverChangesKindOrIdOnceShown() {
        let text = TestSupport.example("ar-lease.md") + "\n" + TestSupport.example("en-ar-mixed.md")
        var kinds: [Int: BlockKind] = [:]
        var starts: [Int: Int] = [:]
        for blocks in stream(text) {
            for block in blocks {
                if let kind = kinds[block.id] { #expect(kind == block.kind, "block \(block.id) changed kind") }
                if let start = starts[block.id] { #expect(start == block.sourceStart, "block \(block.id) moved") }
                kinds[block.id] = block.kind
                starts[block.id] = block.sourceStart
            }
        }
    }

    @Test func ambiguousLineStartsAreHeldBack() {
        #expect(parse("#", ended: false).isEmpty)
        #expect(parse("1", ended: false).isEmpty)
        #expect(parse("-", ended: false).isEmpty)
        #expect(parse("``", ended: false).isEmpty)
        #expect(parse("---", ended: false).isEmpty)
        #expect(parse("Intro\n1", ended: false).map(\.content) == ["Intro"])
        #expect(parse("# T", ended: false).map(\.kind) == [.heading(level: 1)])
    }

    @Test func anUnclosedFenceShowsAsCodeInProgress() {
        let blocks = parse("```python\nprint(1)\nprint(", ended: false)
        #expect(blocks.map(\.kind) == [.code(language: "python")])
        #expect(blocks[0].content == "print(1)\nprint(")
        #expect(!blocks[0].isFinished)
    }

    @Test func aTableRowShowsOnceItsLineIsComplete() {
        #expect(parse("| a | b |\n", ended: false).isEmpty) // might still be a paragraph
        #expect(parse("| a | b |\n|---|---|\n| 1 | 2", ended: false).first?.rows == [["a", "b"]])
        #expect(parse("| a | b |\n|---|---|\n| 1 | 2 |\n", ended: false).first?.rows == [["a", "b"], ["1", "2"]])
        #expect(parse("| not | a table\nplain\n").map(\.kind) == [.paragraph])
        // At the end of the stream a lone row is text, not lost.
        #expect(parse("Intro\n| a | b |").map(\.content) == ["Intro\n| a | b |"])
    }

    @Test func finishedBlocksAreCommittedAndNotReparsed() {
        var parser = BlockParser()
        let text = Array("# One\n\nTwo words\n\nThree".unicodeScalars)
        parser.update(text[...], ended: false)
        #expect(parser.finished.map(\.id) == [0, 1])
        #expect(parser.open.map(\.id) == [2])
        let committed = parser.finished
        parser.update((text + Array(" more\n\n- four".unicodeScalars))[...], ended: false)
        #expect(Array(parser.finished.prefix(2)) == committed)
        #expect(parser.finished.map(\.id) == [0, 1, 2])
    }

    @Test func rewindForgetsBlocksFromTheRewrittenOffset() {
        var parser = BlockParser()
        parser.update(Array("# One\n\nTwo\n\nThree".unicodeScalars)[...], ended: false)
        parser.rewind(to: 8)
        parser.update(Array("# One\n\nDos\n\nTres".unicodeScalars)[...], ended: true)
        #expect(parser.blocks.map(\.content) == ["One", "Dos", "Tres"])
        #expect(parser.blocks.map(\.id) == [0, 3, 4]) // rewritten blocks are new blocks
    }
}
