import Testing
@testable import Streamshot
import StreamshotGraphics

/// Footnotes as GitHub numbers them: a reference is its number, raised, as soon as it is typed
/// (definitions come last), in the order of first reference; a definition starts with its number
/// and is never lost, even when it is only an address.
@Suite struct FootnoteTests {
    private func superscripts(_ content: StyledText) -> [String] {
        let bytes = Array(content.text.utf8)
        return content.spans.filter { $0.style.contains(.superscript) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
    }

    @Test func aReferenceIsItsNumberBeforeItsDefinitionArrives() throws {
        let streaming = Playback.streamedBlocks("يخضع العقد للقانون[^law] وللمادة[^art] ثم القانون[^law] مرة أخرى\n", steps: 3)
        let block = try #require(streaming.first)
        #expect(block.content.text == "يخضع العقد للقانون1 وللمادة2 ثم القانون1 مرة أخرى")
        #expect(superscripts(block.content) == ["1", "2", "1"])
    }

    @Test func definitionsStartWithTheirNumbersAndKeepTheirText() throws {
        let markdown = "See the law[^b] and the ruling[^a].\n\n[^a]: https://example.org/ruling\n[^b]: Federal Law No. 5 of 1985.\n"
        let blocks = Playback.streamedBlocks(markdown, steps: 4)
        #expect(blocks.map(\.content.text) == ["See the law1 and the ruling2.", "2. https://example.org/ruling\n1. Federal Law No. 5 of 1985."])
    }

    @Test func codeAndUnreferencedLabelsStayAsWritten() throws {
        let blocks = Playback.streamedBlocks("Use `[^1]` literally, and [^note]\n\n[^other]: never referenced\n", steps: 1)
        #expect(blocks.map(\.content.text) == ["Use [^1] literally, and 1", "[^other]: never referenced"])
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
        #expect(blocks.map(\.content.text) == ["Text1.", "[^1]: The note.\nsee [^fake]\n\nmore", "1. Defined."])
    }

    /// A reference being typed is held back, never drawn as a link first (found by review).
    @Test func aReferenceBeingTypedIsHeldBack() throws {
        let typing = StreamingSource.markdown(Array("The law[^la".unicodeScalars)[...], ended: false)
        #expect(!typing.contains("[^") && !typing.contains("](#)"), "\(typing)")
        let typed = StreamingSource.markdown(Array("The law[^law]".unicodeScalars)[...], ended: false)
        #expect(typed.hasSuffix("[^law]"), "\(typed)")
    }
}

