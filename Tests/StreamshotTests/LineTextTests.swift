import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Each manifest line says which characters of its block's text it shows and where its ink is:
/// what a judge needs to see a word split between lines, or two lines' glyphs on each other.
@Suite struct LineTextTests {
    private func finalFrame(_ markdown: String, widthPt: Double = 390) throws -> (manifest: Manifest, frame: Frame) {
        var options = TestSupport.smallOptions()
        options.widthPt = widthPt
        options.encodesFrames = false
        let manifest = try RenderJob(input: .text(markdown), options: options, fontsDirectory: TestSupport.fontsDirectory).render { _, _ in }
        return (manifest, try #require(manifest.frames.last))
    }

    private func texts(_ block: Frame.Block, in manifest: Manifest) throws -> [String] {
        let text = Array(try #require(manifest.blocks.first { $0.id == block.id }).text.unicodeScalars)
        return try block.lines.map { line in
            let start = try #require(line.start)
            let end = try #require(line.end)
            #expect(0 <= start && start <= end && end <= text.count)
            return String(String.UnicodeScalarView(text[start..<end]))
        }
    }

    /// A wrapped paragraph with inline code (laid out inside isolation marks the block's text does
    /// not have) and a revealed bidi control: its lines, joined, are its text, in order.
    @Test func aParagraphsLinesAreItsTextInOrder() throws {
        let markdown =
            "ينص البند على أن `git commit -m \"fix\"` يسجل التغيير، وأن المستأجر \u{202E}يلتزم\u{202C} بالدفع في موعده المحدد دون تأخير أو مماطلة من أي نوع كان."
        let (manifest, frame) = try finalFrame(markdown)
        let block = try #require(frame.blocks.first)
        #expect(block.lines.count > 2)
        let lines = try texts(block, in: manifest)
        #expect(lines.joined() == manifest.blocks[0].text)
        for (line, next) in zip(block.lines, block.lines.dropFirst()) { #expect(line.end == next.start) }
        #expect(lines.contains { $0.contains("git commit") })
    }

    /// A table's lines index the block's text, whose cells are joined by tabs row by row; a
    /// `<br>` in a cell is a line break in it, and its two lines are the text either side.
    @Test func aTableCellsLinesIndexTheTabJoinedText() throws {
        let (manifest, frame) = try finalFrame("| البند | المبلغ |\n|---|---|\n| الودیعه<br>قابل استرداد | ۱۸٬۵۰۰٬۰۰۰ |\n")
        let block = try #require(frame.blocks.first { $0.kind == .table })
        let text = try #require(manifest.blocks.first { $0.id == block.id }).text
        #expect(text == "البند\tالمبلغ\tالودیعه\nقابل استرداد\t۱۸٬۵۰۰٬۰۰۰")
        #expect(try texts(block, in: manifest) == ["البند", "المبلغ", "الودیعه", "قابل استرداد", "۱۸٬۵۰۰٬۰۰۰"])
    }

    /// Ink is inside its line's reach: below the line above's baseline, around its own baseline.
    @Test func eachLinesInkSitsAroundItsBaseline() throws {
        let (_, frame) = try finalFrame(
            "# عنوان البند\n\nنص طويل بما يكفي ليلتف على أكثر من سطر واحد في هذا الإطار الضيق جدًا.\n\n- item one\n", widthPt: 240)
        for block in frame.blocks {
            for line in block.lines {
                let top = try #require(line.inkTop)
                let bottom = try #require(line.inkBottom)
                #expect(top < line.baseline && line.baseline <= bottom + 1, "ink \(top)...\(bottom) around baseline \(line.baseline)")
                #expect(top >= block.inkTop - 0.01 && bottom <= block.inkBottom + 0.01)
            }
        }
    }

    /// A quote's bar is in the manifest, on the side its lines start: the right in Arabic.
    @Test func aQuotesBarIsListedOnItsStartSide() throws {
        let (_, frame) = try finalFrame("> تسري أحكام القانون المدني فيما لم يرد بشأنه نص.\n")
        let block = try #require(frame.blocks.first)
        let bar = try #require(block.quoteBars?.first)
        let textLeft = try #require(block.lines.map(\.x).min())
        #expect(bar.x > textLeft)
        #expect(frame.blocks.allSatisfy { $0.kind != .paragraph || $0.quoteBars?.count == 1 })
    }

    /// A line's text range outside its block's text is named by the reader, not left to crash a detector.
    @Test func aLineOutsideItsBlocksTextIsRefused() throws {
        var (manifest, _) = try finalFrame("نص.")
        let last = manifest.frames.count - 1
        manifest.frames[last].blocks[0].lines[0].end = 9
        #expect {
            try Manifest.decode(Data(try manifest.jsonText().utf8), name: "m.json")
        } throws: { error in
            "\(error)".contains("m.json: frames[\(last)].blocks[0].lines[0]: start 0, end 9: expected 0 <= start <= end <= 3 (block 0's text length)")
        }
    }

    /// Version 2 manifests written before these fields still read.
    @Test func aManifestWithoutTheNewFieldsStillReads() throws {
        let (manifest, _) = try finalFrame("نص.")
        var old = manifest
        for index in old.frames.indices {
            for block in old.frames[index].blocks.indices {
                old.frames[index].blocks[block].quoteBars = nil
                for line in old.frames[index].blocks[block].lines.indices {
                    old.frames[index].blocks[block].lines[line].start = nil
                    old.frames[index].blocks[block].lines[line].end = nil
                    old.frames[index].blocks[block].lines[line].inkTop = nil
                    old.frames[index].blocks[block].lines[line].inkBottom = nil
                }
            }
        }
        // Written to 1/100 px, so compared as written.
        let text = try old.jsonText()
        #expect(!text.contains("\"start\":") && !text.contains("quoteBars"))
        #expect(try Manifest.decode(Data(text.utf8), name: "old.json").jsonText() == text)
        let written = try manifest.jsonText()
        let read = try Manifest.decode(Data(written.utf8), name: "new.json")
        #expect(try read.jsonText() == written)
        #expect(read.frames.last?.blocks.first?.lines.first?.end == 3)
    }
}
