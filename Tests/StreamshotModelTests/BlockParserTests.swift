import Testing

@testable import StreamshotModel

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

    /// What a block shows, for comparing parses whose ids may differ.
    private func shape(_ blocks: [Block]) -> [String] {
        blocks.map { block in
            let path = block.containers.map { container -> String in
                switch container.kind {
                case .blockQuote: return ">"
                case .listItem(let number, _, let checked, _): return number.map { "\($0)." } ?? (checked.map { $0 ? "[x]" : "[ ]" } ?? "-")
                }
            }
            return path.joined(separator: " ") + " \(block.kind.name.rawValue): \(block.content.text)"
        }
    }

    @Test func leafBlocksSitInTheirContainers() {
        let blocks = parse(
            """
            # Title
            Para line one
            line two

            1. Step one

               More about it.

               ```swift
               let x = 1
               ```
            2. Step two
               - nested

            > quote with a list:
            > - item
            ---
            - [x] done
            | a | b |
            |:--|--:|
            | 1 | 2 |
            """)
        #expect(
            shape(blocks) == [
                " heading: Title", " paragraph: Para line one\nline two",
                "1. paragraph: Step one", "1. paragraph: More about it.", "1. code: let x = 1",
                "2. paragraph: Step two", "2. - paragraph: nested",
                "> paragraph: quote with a list:", "> - paragraph: item", " thematicBreak: ",
                "[x] paragraph: done\n| a | b |\n|:--|--:|\n| 1 | 2 |"
            ])
        #expect(blocks.map(\.id) == Array(0..<11))
        let step = blocks[2].containers[0]
        #expect(blocks[3].containers[0].id == step.id && blocks[4].containers[0].id == step.id)
        #expect(blocks[2].containers[0].startsHere && !blocks[3].containers[0].startsHere)
        #expect(blocks[6].containers.map(\.depth) == [0, 1])
    }

    @Test func aContainerStartsOnItsFirstBlockOnly() {
        let blocks = parse("> Note:\n> - one\n> - two\n")
        #expect(blocks.map { $0.containers.map(\.startsHere) } == [[true], [false, true], [false, true]])
        #expect(Set(blocks.map { $0.containers[0].id }).count == 1)
        // An item with nothing in it yet still starts (and shows its marker).
        #expect(parse("> - a\n\n- [x] ").last?.containers.map(\.startsHere) == [true])
        // While streaming, it waits for its first word, which decides its direction and pitch.
        #expect(parse("> - a\n\n- [x] ", ended: false).count == 1)
    }

    @Test func tablesAndInlineStyles() {
        let blocks = parse("| a | **b** |\n|:--|--:|\n| 1 | `2` |\n\nSome *it* and ~~gone~~ <https://x.org> &amp; \\*not\\*.")
        #expect(blocks[0].kind == .table)
        #expect(blocks[0].rows.map { $0.map(\.text) } == [["a", "b"], ["1", "2"]])
        #expect(blocks[0].columnAlignments == [.left, .right])
        #expect(blocks[1].content.text == "Some it and gone https://x.org & *not*.")
        // The autolink is a link whose text is its address: layout isolates it.
        #expect(blocks[1].content.spans.map(\.style) == [.italic, .strikethrough, [.underline, .url]])
    }

    @Test func streamingCharacterByCharacterEndsAsTheOneShotParse() {
        for name in ["ar-lease.md", "en-ar-mixed.md", "en-answer.md", "ar-answer.md"] {
            let text = TestSupport.example(name)
            #expect(shape(stream(text).last!) == shape(parse(text)), "\(name)")
        }
    }

    @Test func aBlockNeverChangesKindOrPlaceOnceShown() {
        let text = TestSupport.example("ar-lease.md") + "\n" + TestSupport.example("en-answer.md")
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
        for undecided in ["#", "1", "1.", "-", "``", "---", "===", "> #", "- [", "|"] {
            #expect(parse(undecided, ended: false).isEmpty, "\(undecided) was shown")
        }
        #expect(parse("Intro\n1", ended: false).map(\.content.text) == ["Intro"])
        #expect(parse("# T", ended: false).map(\.kind) == [.heading(level: 1)])
        #expect(parse("> # T", ended: false).map(\.kind) == [.heading(level: 1)])
    }

    @Test func unclosedInlineConstructsShowAsTheyWillWhenClosed() {
        let bold = parse("see **impor", ended: false)[0].content
        #expect(bold.text == "see impor")
        #expect(bold.spans.map(\.style) == [.bold])
        #expect(parse("run `git st", ended: false)[0].content.text == "run git st")
        #expect(parse("read [the clause](https://exa", ended: false)[0].content.text == "read the clause")
        #expect(parse("read [the clause", ended: false)[0].content.text == "read the clause")
        #expect(parse("trailing **", ended: false)[0].content.text == "trailing")
        #expect(parse("5 * 3 and a_b_c", ended: false)[0].content.text == "5 * 3 and a_b_c")
    }

    @Test func anUnclosedFenceShowsAsCodeInProgress() {
        let blocks = parse("```python\nprint(1)\nprint(", ended: false)
        #expect(blocks.map(\.kind) == [.code(language: "python")])
        #expect(blocks[0].content.text == "print(1)\nprint(")
        #expect(!blocks[0].isFinished)
    }

    @Test func aTableWaitsForItsDelimiterRowAndShowsCompleteRows() {
        #expect(parse("| a | b |\n", ended: false).isEmpty)  // might still be a paragraph
        #expect(parse("| a | b |\n|---|---|\n| 1 | 2", ended: false).first?.rows.map { $0.map(\.text) } == [["a", "b"]])
        #expect(parse("| a | b |\n|---|---|\n| 1 | 2 |\n", ended: false).first?.rows.map { $0.map(\.text) } == [["a", "b"], ["1", "2"]])
        #expect(parse("| not | a table\nplain\n").map(\.kind) == [.paragraph])
        // At the end of the stream a lone row is text, not lost.
        #expect(parse("Intro\n| a | b |").map(\.content.text) == ["Intro\n| a | b |"])
    }

    @Test func finishedTopLevelBlocksAreCommittedAndNeverParsedAgain() {
        var parser = BlockParser()
        let text = Array("# One\n\nTwo words\n\nThree".unicodeScalars)
        parser.update(text[...], ended: false)
        #expect(parser.finished.map(\.id) == [0, 1])
        #expect(parser.open.map(\.id) == [2])
        let committed = parser.finished
        let longer = text + Array(" more\n\n- four".unicodeScalars)
        parser.update(longer[...], ended: false)
        #expect(parser.parsedCharacters == "Three more\n\n- four".unicodeScalars.count)
        #expect(Array(parser.finished.prefix(2)) == committed)
        #expect(parser.finished.map(\.id) == [0, 1, 2])
        // From now on only the open top-level block is given to the parser.
        parser.update((longer + Array(" and five".unicodeScalars))[...], ended: false)
        #expect(parser.parsedCharacters == "- four and five".unicodeScalars.count)
    }

    @Test func theParseStaysAtTheTailOfALongDocument() {
        var parser = BlockParser()
        let text = Array(String(repeating: TestSupport.example("en-answer.md") + "\n\n", count: 20).unicodeScalars)
        var most = 0
        for count in stride(from: 0, through: text.count, by: 97) {
            parser.update(text[..<count], ended: false)
            most = max(most, parser.parsedCharacters)
        }
        // The longest top-level block of the answer (its numbered list), never the document.
        #expect(most < 600, "parsed \(most) characters of \(text.count) in one update")
    }

    @Test func rewindForgetsBlocksFromTheRewrittenOffset() {
        var parser = BlockParser()
        parser.update(Array("# One\n\nTwo\n\nThree".unicodeScalars)[...], ended: false)
        parser.rewind(to: 8)
        parser.update(Array("# One\n\nDos\n\nTres".unicodeScalars)[...], ended: true)
        #expect(parser.blocks.map(\.content.text) == ["One", "Dos", "Tres"])
        #expect(parser.blocks.map(\.id) == [0, 3, 4])  // rewritten blocks are new blocks
    }

    @Test func aTableRightAfterAParagraphLineSplitsCleanly() {
        let text = "Compare:\n| A | B |\n|---|---|\n| 1 | 2 |\n\nAfter."
        let blocks = parse(text)
        #expect(shape(blocks) == [" paragraph: Compare:", " table: A\tB\n1\t2", " paragraph: After."])
        #expect(blocks.map(\.sourceStart) == [0, 9, 40])
        #expect(shape(stream(text).last!) == shape(blocks))
        // While it streams, the row under "Compare:" waits: it may still become the table's header.
        #expect(shape(parse("Compare:\n| A | B |\n", ended: false)) == [" paragraph: Compare:"])
        #expect(shape(parse("- Compare:\n  | A | B |\n  |---|---|\n")) == ["- paragraph: Compare:", "- table: A\tB"])
    }

    @Test func streamingCompletionLeavesOrdinaryTextAlone() {
        #expect(parse("takes ~5 minutes to build", ended: false)[0].content.spans.isEmpty)
        #expect(parse("about ~ 5 min", ended: false)[0].content.text == "about ~ 5 min")
        #expect(parse("costs 2*3 = 6 units", ended: false)[0].content.spans.isEmpty)
        // A `**` right after an attached preposition opens bold while it streams: its markers never show.
        #expect(parse("المطالبة بـ**ضمان العيوب", ended: false)[0].content.text == "المطالبة بـضمان العيوب")
        #expect(parse("المطالبة بـ*ضمان العيوب", ended: false)[0].content.text == "المطالبة بـضمان العيوب")
        // A closing `**` half typed (a buffer that cuts between characters) is held back, not a stray `*` and an italic.
        let halfClosed = parse("بين **شركة الأفق*", ended: false)[0].content
        #expect(halfClosed.text == "بين شركة الأفق" && halfClosed.spans.contains { $0.style.contains(.bold) })
        #expect(parse("> Use *args here\n>\n> Then call f", ended: false).map(\.content.text) == ["Use *args here", "Then call f"])
        #expect(parse("## Title *draft\n\nThen", ended: false).map(\.content.text) == ["Title *draft", "Then"])
        // Inline code at the start of a line streams before its newline.
        #expect(parse("`--force` overwrites", ended: false).map(\.content.text) == ["--force overwrites"])
    }

    /// Text once shown stays shown, in a block of the same kind, while it streams: no block
    /// disappears from one frame to the next (there is no rewrite here).
    @Test func shownBlocksNeverDisappearWhileStreaming() {
        let tricky =
            "Intro:\n| A | B |\n|---|---|\n| 1 | 2 |\n\n> Use *args\n>\n> then `f`\n\n1. one\n\n   ```sh\n   ls\n   ```\n2. [link](https://x.org) ~5 min\n"
        for text in [tricky, TestSupport.example("en-answer.md"), TestSupport.example("ar-answer.md")] {
            var previous: [Int: BlockKind] = [:]
            for blocks in stream(text) {
                let now = Dictionary(uniqueKeysWithValues: blocks.map { ($0.id, $0.kind) })
                for (id, kind) in previous where now[id] != kind {
                    Issue.record("block \(id) (\(kind)) disappeared or changed: \(shape(blocks))")
                }
                for block in blocks { #expect(block.sourceStart <= text.unicodeScalars.count) }
                previous = now
            }
        }
    }

    /// A setext underline that has arrived, though not yet revealed, makes the paragraph above
    /// it a heading from its first word, in and out of containers.
    @Test func anArrivedSetextUnderlineMakesAHeadingFromTheFirstWord() {
        for (text, level) in [("Terms of the lease\n===\n\nBody", 1), ("Terms\n---\nBody", 2), ("> Terms\n> ---\n", 2)] {
            let scalars = Array(text.unicodeScalars)
            let headingEnd = scalars.firstIndex(of: "\n")!
            for revealed in 3...headingEnd {
                var parser = BlockParser()
                parser.update(scalars[..<revealed], lookahead: scalars[revealed...], ended: false)
                #expect(parser.blocks.map(\.kind) == [.heading(level: level)], "\(text) at \(revealed)")
            }
        }
        // Not an underline: a rule under a list item, a heading's own line, text after `=`.
        let notUnderlined: [(String, Int, BlockKind)] = [
            ("- Item\n---\n", 5, .paragraph), ("# Title\n---\n", 6, .heading(level: 1)),
            ("Plain\n=== no\n", 4, .paragraph)
        ]
        for (text, revealed, kind) in notUnderlined {
            var parser = BlockParser()
            let scalars = Array(text.unicodeScalars)
            parser.update(scalars[..<revealed], lookahead: scalars[revealed...], ended: false)
            #expect(parser.blocks.map(\.kind) == [kind], "\(text): \(shape(parser.blocks))")
        }
    }

    /// A full reference whose definition has not arrived reads as the link it will be (its
    /// text, no brackets), so the definition's arrival changes no word a reader has read; the
    /// block keeps its id, and the answer reads as GitHub reads the whole of it.
    @Test func aLateDefinitionChangesNoShownWord() {
        var parser = BlockParser()
        let start = Array("See [the act][act].\n\nMore text.\n\n".unicodeScalars)
        parser.update(start[...], ended: false)
        #expect(parser.finished.first?.content.text == "See the act.")
        let full = start + Array("[act]: https://example.org/act\n\nEnd".unicodeScalars)
        parser.update(full[...], ended: false)
        #expect(parser.finished.first?.content.text == "See the act.")
        #expect(parser.finished.first?.id == 0)
        #expect(shape(parser.blocks) == shape(parse(String(String.UnicodeScalarView(full)))))
        parser.update((full + Array(" of it".unicodeScalars))[...], ended: false)
        #expect(parser.firstRevised == nil)
    }

    /// A label being typed is held back, the text shown as its link: never «[the act]» or
    /// «[the act]ac» for a frame.
    @Test func aReferenceBeingTypedShowsItsLinkText() {
        let text = "See [the act][act] here."
        // The last is the whole answer's, which shows the undefined reference as written.
        for blocks in stream(text).dropLast() {
            let shown = blocks.first?.content.text ?? ""
            #expect(!shown.contains("[") && !shown.contains("]"), "\(shown)")
        }
    }

    /// A whole answer that never defined the label shows it as written, as GitHub does (the
    /// finished paragraph is revised once, at the end); an answer cut short keeps the link text.
    @Test func anUndefinedReferenceShowsAsWrittenOnlyInAWholeAnswer() {
        let text = Array("See [the act][act].\n\nMore text.".unicodeScalars)
        var whole = BlockParser()
        whole.update(text[...], ended: false)
        whole.update(text[...], ended: true)
        #expect(whole.finished.first?.content.text == "See [the act][act].")
        #expect(whole.firstRevised == 0)
        var cut = BlockParser()
        cut.update(text[...], ended: false)
        cut.update(text[...], ended: true, whole: false)
        #expect(cut.finished.first?.content.text == "See the act.")
    }

    /// Definitions kept from finished text never show inside an open fence below them.
    @Test func keptDefinitionsStayOutOfAnOpenFence() {
        let text = "[a]: https://example.org\n\nIntro\n\n```\nlet x = 1\n"
        for blocks in stream(text) {
            for block in blocks where block.kind.isCode { #expect(!block.content.text.contains("example.org")) }
        }
        #expect(shape(parse(text)) == [" paragraph: Intro", " code: let x = 1"])
    }
}
