import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Footnotes as GitHub draws them: a reference is its number, raised, as soon as it is typed
/// (definitions come last), in the order of first reference; the definitions are gathered after
/// the answer, and are never lost, even when one is only an address.
@Suite struct FootnoteTests {
    private func superscripts(_ content: StyledText) -> [String] {
        let bytes = Array(content.text.utf8)
        return content.spans.filter { $0.style.contains(.superscript) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
    }

    /// The blocks of `text` parsed as revealed so far (`ended`: the answer is whole).
    private func parsed(_ text: String, ended: Bool) -> [Block] {
        var parser = BlockParser()
        parser.update(Array(text.unicodeScalars)[...], ended: ended)
        return parser.blocks
    }

    @Test func aReferenceIsItsNumberBeforeItsDefinitionArrives() throws {
        let blocks = parsed("يخضع العقد للقانون[^law] وللمادة[^art] ثم القانون[^law] مرة أخرى\n", ended: false)
        let block = try #require(blocks.first)
        #expect(block.content.text == "يخضع العقد للقانون1 وللمادة2 ثم القانون1 مرة أخرى")
        #expect(superscripts(block.content) == ["1", "2", "1"])
    }

    /// GitHub numbers only defined labels: once the answer is whole, a reference left without a
    /// definition is shown as written and the numbers after it close up.
    @Test func anAnswerEndingWithoutADefinitionShowsTheReferenceAsWritten() throws {
        let markdown = "First[^gone] then[^kept].\n\nMore text.\n\n[^kept]: The kept note.\n"
        let streaming = parsed(markdown, ended: false)
        #expect(streaming.first?.content.text == "First1 then2.")
        let whole = Playback.streamedBlocks(markdown, steps: 5)
        #expect(whole.map(\.content.text) == ["First[^gone] then1.", "More text.", "", "The kept note."])
        #expect(superscripts(whole[0].content) == ["1"])
    }

    /// The section GitHub draws after the answer: a rule, then the referenced definitions in the
    /// order of their numbers, each a numbered item; a definition written mid-answer moves there.
    @Test func definitionsAreGatheredAfterTheAnswerInTheOrderOfTheirNumbers() throws {
        let markdown =
            "See the law[^b] and the ruling[^a].\n\n[^a]: https://example.org/ruling\n\nText after the note.\n[^b]: Federal Law No. 5 of 1985.\n"
        let blocks = Playback.streamedBlocks(markdown, steps: 4)
        #expect(
            blocks.map(\.content.text) == [
                "See the law1 and the ruling2.", "Text after the note.", "", "Federal Law No. 5 of 1985.",
                "https://example.org/ruling"
            ])
        #expect(blocks[2].kind == .thematicBreak)
        let items = blocks[3...].map { $0.containers.first?.kind }
        #expect(items == [.listItem(number: 1, index: 0, checked: nil, tight: false), .listItem(number: 2, index: 1, checked: nil, tight: false)])
        #expect(Set(blocks[3...].compactMap { $0.containers.first?.list }).count == 1, "one list")
    }

    /// The footnotes are set as GitHub sets them: smaller than the answer (12 px under a 16 px
    /// body) and muted, their numbers too.
    @Test func theFootnotesAreSmallerAndMuted() throws {
        let markdown = "See the law[^a].\n\n[^a]: Federal Law No. 5 of 1985.\n"
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: TestSupport.smallOptions())
        let last = try #require(scenes.last)
        let blocks = last.blocks.map(\.placed.layout)
        let body = try #require(blocks.first)
        let note = try #require(blocks.last)
        #expect(abs(note.fontSize - body.fontSize * 0.75) < 0.01)
        let text = try #require(note.pieces.first { $0.isContent })
        let number = try #require(note.pieces.first { !$0.isContent })
        if case .secondaryText = text.color {} else { Issue.record("the note's words are muted: \(text.color)") }
        #expect(
            number.layout.text == "1."
                && number.layout.lines[0].logicalBottom - number.layout.lines[0].logicalTop
                    < (body.pieces[0].layout.lines[0].logicalBottom - body.pieces[0].layout.lines[0].logicalTop) * 0.8
        )
    }

    /// A definition takes the lines GitHub gives it: one that starts on the next line, a second
    /// paragraph indented under it, a quote; a label defined twice keeps its first definition.
    @Test func aDefinitionHoldsItsIndentedBlocks() throws {
        let markdown = "Note[^n] and[^q].\n\n[^n]:\n    First paragraph.\n\n    Second paragraph.\n[^q]: Quoted:\n    > a quote\n[^n]: A duplicate.\n"
        let blocks = Playback.streamedBlocks(markdown, steps: 6)
        #expect(blocks.map(\.content.text) == ["Note1 and2.", "", "First paragraph.", "Second paragraph.", "Quoted:", "a quote"])
        #expect(blocks[5].containers.map(\.kind) == [.listItem(number: 2, index: 1, checked: nil, tight: false), .blockQuote])
        #expect(blocks[2].containers.first?.startsHere == true && blocks[3].containers.first?.startsHere == false)
    }

    /// A definition's direction is read from its words, not from its `[^label]:`.
    @Test func aDefinitionsContentStartsAfterItsLabel() throws {
        let markdown = "القانون[^law].\n\n[^law]: القانون الاتحادي رقم ٥\n"
        let blocks = Playback.streamedBlocks(markdown, steps: 3)
        let note = try #require(blocks.last)
        let start = Array(markdown.unicodeScalars)[note.contentStart...]
        #expect(String(String.UnicodeScalarView(start)).hasPrefix("القانون الاتحادي"))
    }

    @Test func codeAndUnreferencedLabelsStayAsWritten() throws {
        let blocks = Playback.streamedBlocks("Use `[^1]` literally, and [^note]\n\n[^other]: never referenced\n", steps: 1)
        #expect(blocks.map(\.content.text) == ["Use [^1] literally, and [^note]"])
    }

    @Test func spansAfterAReferenceStayOnTheirWords() throws {
        let block = try #require(Playback.streamedBlocks("A[^x] **bold** end\n", steps: 1).first)
        let bytes = Array(block.content.text.utf8)
        let bold = block.content.spans.filter { $0.style.contains(.bold) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
        #expect(bold == ["bold"])
    }

    /// A fence's lines are code: a `[^1]:` there is neither escaped nor counted (found by review).
    @Test func fencedCodeIsLeftAsWritten() throws {
        let markdown = "Text[^real].\n\n```markdown\n[^1]: The note.\nsee [^fake]\n\nmore\n```\n\n[^real]: Defined.\n"
        let blocks = Playback.streamedBlocks(markdown, steps: 3)
        #expect(blocks.map(\.content.text) == ["Text1.", "[^1]: The note.\nsee [^fake]\n\nmore", "", "Defined."])
    }

    /// A reference being typed is held back, never drawn as a link first (found by review).
    @Test func aReferenceBeingTypedIsHeldBack() throws {
        let typing = StreamingSource.markdown(Array("The law[^la".unicodeScalars)[...], ended: false)
        #expect(!typing.contains("[^") && !typing.contains("](#)"), "\(typing)")
        let typed = StreamingSource.markdown(Array("The law[^law]".unicodeScalars)[...], ended: false)
        #expect(typed.hasSuffix("[^law]"), "\(typed)")
    }

    /// An empty definition shows nothing and holds back none of the notes after it (it hid them
    /// all, for good: found by review).
    @Test func anEmptyDefinitionHidesNoOtherNote() throws {
        let blocks = Playback.streamedBlocks("Text[^1][^2]\n\n[^1]:\n[^2]: two\n", steps: 4)
        #expect(blocks.map(\.content.text) == ["Text12", "", "two"])
        #expect(ShownBlocks(finished: [], open: blocks).count == blocks.count)
    }

    /// The section's list and items never share a container id with the answer's containers,
    /// streamed or not (their ids came from the same counter the open tail reuses: found by review).
    @Test func theSectionsContainersHaveIdsOfTheirOwn() throws {
        let markdown = "See[^a] and[^b].\n\n[^a]: first\n\n> a quote\n\n- one\n- two\n\n[^b]: second\n"
        for blocks in [Playback.streamedBlocks(markdown, steps: 40), parsed(markdown, ended: true)] {
            var kinds: [Int: BlockContainer.Kind] = [:]
            for container in blocks.flatMap(\.containers) {
                if let kind = kinds[container.id], case .listItem = kind, case .listItem = container.kind { continue }
                #expect(kinds[container.id] == nil || kinds[container.id] == container.kind, "container \(container.id) is two things")
                kinds[container.id] = container.kind
            }
            let notes = blocks.filter { $0.footnote?.isEmpty == false }
            let answerIds = Set(blocks.filter { $0.footnote == nil }.flatMap(\.containers).map(\.id))
            #expect(Set(notes.flatMap(\.containers).map(\.id)).isDisjoint(with: answerIds))
        }
    }

    /// A definition never joins the author's list, nor another definition: after a `+` list, and
    /// between definitions with a bullet line of the author's among them (found by review).
    @Test func aDefinitionIsNeverAnItemOfAnotherList() throws {
        let afterAList = Playback.streamedBlocks("See[^1].\n\n+ item one\n+ item two\n\n[^1]: the note\n", steps: 5)
        #expect(afterAList.map(\.content.text) == ["See1.", "item one", "item two", "", "the note"])
        #expect(afterAList[1].containers.count == 1 && afterAList[4].footnote == "1")
        let twice = Playback.streamedBlocks("A[^1].\n\n[^1]: first\n[^1]: again\n", steps: 5)
        #expect(twice.map(\.content.text) == ["A1.", "", "first"], "a label defined twice keeps its first definition")
        let between = Playback.streamedBlocks("A[^1] B[^2].\n\n[^1]: first\n[^2]: second\n", steps: 5)
        #expect(between.map(\.content.text) == ["A1 B2.", "", "first", "second"])
        #expect(Set(between.suffix(2).compactMap { $0.containers.first?.id }).count == 2, "two items")
    }
}
