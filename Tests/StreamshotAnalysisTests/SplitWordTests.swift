import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `split-word`: a line break inside a word or number, from the lines' text ranges, by the
/// judge's own word boundaries.
@Suite struct SplitWordTests {
    static let table = """
        | البند | المبلغ | المرجع |
        |---|---|---|
        | الإيجار السنوي | ₪25,000 | RDC-2026-0004417 |
        | Governing law | ١٢٬٥٠٠ درهم | 0004419 |

        """

    private static func render(_ text: String, arguments: String = "") throws -> Manifest {
        var settings = try RenderSettings(arguments: arguments + " --network instant")
        settings.fonts = Fixtures.fontsDirectory
        var options = try settings.renderOptions()
        options.encodesFrames = false
        return try RenderJob(input: .text(text), options: options, fontsDirectory: Fixtures.fontsDirectory).render { _, _ in }
    }

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "split-word" }!.findings
    }

    /// The final frame with the first `kind` block's line that begins with `text` cut in two
    /// after `prefix` characters: what a client whose column is too narrow for it draws.
    private static func cut(_ manifest: Manifest, block kind: BlockKind.Name, lineWith text: String, after prefix: Int) throws -> Manifest {
        var edited = manifest
        let last = edited.frames.count - 1
        let position = try #require(edited.frames[last].blocks.firstIndex { $0.kind == kind })
        var block = edited.frames[last].blocks[position]
        let blockText = Array(try #require(manifest.blocks.first { $0.id == block.id }).text.unicodeScalars)
        let index = try #require(
            block.lines.firstIndex { line in
                String(String.UnicodeScalarView(blockText[line.start!..<line.end!])).hasPrefix(text)
            })
        var first = block.lines[index]
        var second = first
        first.end = first.start! + prefix
        second.start = first.end
        second.y += block.linePitch
        block.lines.replaceSubrange(index...index, with: [first, second])
        edited.frames[last].blocks[position] = block
        return edited
    }

    /// The reference client never splits a token under the cap; a column too narrow for
    /// "₪25,000" that puts its last digit on a line of its own is caught, naming what shows.
    @Test func aNarrowedTableSplittingANumberIsCaught() throws {
        let manifest = try Self.render(Self.table, arguments: "--device iphone-se --text-size AX3")
        #expect(Self.findings(manifest).isEmpty)
        let findings = Self.findings(try Self.cut(manifest, block: .table, lineWith: "₪25,000", after: 6))
        #expect(findings.count == 1, "\(findings.map(\.message))")  // RDC-2026-0004417 is wider than the cap at AX3: excused
        #expect(
            findings.first?.message
                == "block 0 (table) breaks a table cell's one token \"₪25,000\" across lines: a reader sees \"₪25,00\" at the end of one line and \"0\" starting the next"
        )
        // A cell without whitespace is one token: a break after a hyphen in an id splits it too.
        // (At the default size, where its column is narrower than the cap.)
        let phone = try Self.render(Self.table)
        #expect(Self.findings(phone).isEmpty)
        let id = Self.findings(try Self.cut(phone, block: .table, lineWith: "RDC-2026", after: 4))
        #expect(id.first?.message.contains("one token \"RDC-2026-0004417\"") == true)
    }

    /// In prose: inside a word is a split; after a hyphen (a UAX #29 boundary) or at a space it
    /// is not; a word that alone begins its line and did not fit is excused.
    @Test func inProseOnlyABreakInsideAWordCounts() throws {
        let manifest = try Self.render("The governing law is set out in the termination-for-convenience clause of the agreement.\n")
        #expect(Self.findings(manifest).isEmpty)
        let inside = Self.findings(try Self.cut(manifest, block: .paragraph, lineWith: "The governing", after: 9))
        #expect(
            inside.first?.message
                == "block 0 (paragraph) breaks a word \"governing\" across lines: a reader sees \"gover\" at the end of one line and \"ning\" starting the next"
        )
        #expect(Self.findings(try Self.cut(manifest, block: .paragraph, lineWith: "The governing", after: 4)).isEmpty)  // after "The "
        let hyphen = "The governing law is set out in the termination-".unicodeScalars.count
        #expect(Self.findings(try Self.cut(manifest, block: .paragraph, lineWith: "The governing", after: hyphen)).isEmpty)
        #expect(Self.findings(try Self.cut(manifest, block: .paragraph, lineWith: "The governing", after: 2)).isEmpty)  // "Th|e": begins its line
    }

    /// The boundaries the judge reads from Unicode's data, not the renderer's rules.
    @Test func wordBoundariesFollowUAX29() {
        func inside(_ text: String, _ offset: Int) -> Bool { WordBreaks.isInsideWord(Array(text.unicodeScalars), at: offset) }
        #expect(inside("25,000", 3) && inside("25,000", 2))  // a digit either side of the comma (WB11/12)
        #expect(inside("٢٥٬٠٠٠", 2) && inside("3.5", 1))  // the Arabic thousands separator; a decimal point
        #expect(inside("don't", 3) && inside("الموضوع", 4))  // an apostrophe between letters; Arabic letters
        #expect(inside("می\u{200C}شود", 2) && inside("می\u{200C}شود", 3))  // ZWNJ stays with its word (WB4)
        #expect(!inside("foo-bar", 4) && !inside("foo-bar", 3))  // a hyphen is a boundary either side
        #expect(!inside("a b", 2) && !inside("₪25", 1) && !inside("25,", 3))
    }
}
