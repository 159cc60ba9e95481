import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `content-direction` judges a layout's direction by the letters it shows, not by what the
/// client declared: it fires on text set against its letters, and stays quiet on the reference.
@Suite struct ContentDirectionTests {
    private func render(_ text: String, _ configure: (inout RenderOptions) -> Void = { _ in }) throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        configure(&options)
        return try Fixtures.job(text, options: options).render { _, _ in }
    }

    private func result(_ manifest: Manifest) -> CheckReport.DetectorResult {
        Detector.check(manifest).detectors.first { $0.name == "content-direction" }!
    }

    static let englishLed = "The lease (عقد الإيجار) binds both parties from the first of March and the tenant pays monthly in advance.\n"

    /// The 000 note's seed rule (Arabic in the first 30 characters) sets an English-led paragraph
    /// right to left: the finding stands. Read by its first strong letter, it is left to right.
    @Test func anEnglishLedParagraphSetRightToLeftIsCaught() throws {
        let seed = result(try render(Self.englishLed))
        #expect(!seed.passed)
        let finding = try #require(seed.findings.first)
        #expect(finding.kind == .contentDirection && finding.blockId == 0)
        #expect(finding.message.hasPrefix("block 0 (paragraph) \"The lease (عقد الإيجار) binds bo…\" is laid out rtl, but it reads ltr"))
        #expect(result(try render(Self.englishLed) { $0.client.direction.rule = .firstStrong }).passed)
    }

    /// Arabic, Persian and Hebrew letters read right to left; Latin left to right; digits (Arabic
    /// ones too), punctuation and marks are not strong letters.
    @Test func strongLettersComeFromTheirBidiClass() {
        #expect(StrongLetters("۱۸٬۵۰۰ — ٢٥ , 42 ...").count == 0)
        let persian = StrongLetters("۱۴۰۵ مستأجر پ گ ژ")
        #expect(persian.first == .rtl && persian.leftToRight == 0 && persian.rightToLeft == 9)
        #expect(StrongLetters("שלום").reading == .rtl)
        #expect(StrongLetters("(RDC) البند الرابع").first == .ltr)
        #expect(StrongLetters("(RDC) البند الرابع").reading == nil)  // first ltr, most rtl
        #expect(StrongLetters("ﷺ ﻻ").reading == .rtl)  // presentation forms
    }

    /// Words weigh as a reader weighs them: an English word with an Arabic one in an Arabic table
    /// («exclusion مطلق»: 9 of 13 letters Latin, 1 of 2 words) reads either way, and is not called
    /// wrong when laid out right to left; mostly English words still are (found by a reader of
    /// hidden renders, whose iPhone SE showed the cell as any Arabic cell).
    @Test func aPhraseHalfEnglishByWordsIsNotJudged() throws {
        let cell = StrongLetters("exclusion مطلق")
        #expect(cell.reading == .ltr && cell.wordMajority == nil)
        #expect(StrongLetters("The lease (عقد الإيجار) binds both").wordMajority == .ltr)
        let table = "| البند | الحكم |\n|---|---|\n| exclusion مطلق | يسري على الطرفين |\n"
        let mixed = result(try render(table))
        #expect(mixed.passed, "\(mixed.findings.map(\.message))")
        let english = result(try render("| البند | الحكم |\n|---|---|\n| full exclusion of liability مطلق | يسري على الطرفين |\n"))
        #expect(english.findings.contains { $0.message.contains("row 1 column 0") }, "\(english.findings.map(\.message))")
    }

    /// A list marker and a quote bar moved to the left of Arabic text in an Arabic answer (the
    /// reference's manifest, edited as a client that ignores direction for them would draw it).
    @Test func aMarkerOrBarOnTheWrongSideIsCaught() throws {
        let reference = try render("- يلتزم المستأجر بدفع الأجرة في موعدها.\n\n> تسري أحكام القانون المدني فيما لم يرد بشأنه نص.\n")
        #expect(result(reference).passed)
        var moved = reference
        for index in moved.frames.indices {
            for block in moved.frames[index].blocks.indices {
                let left = moved.frames[index].blocks[block].lines.map(\.x).min() ?? 0
                moved.frames[index].blocks[block].marker?.x = left - 20
                if moved.frames[index].blocks[block].quoteBars != nil {
                    moved.frames[index].blocks[block].quoteBars = [.init(x: left - 12, width: 3)]
                }
            }
        }
        let findings = result(moved).findings
        #expect(findings.map(\.kind) == [.sideOpposite, .sideOpposite])
        #expect(
            findings.first?.message.contains(
                "its list marker stands on the left of text that reads rtl, in a rtl answer — a reader looks for it on the right") == true)
        #expect(findings.last?.message.contains("its quote bar stands on the left") == true)
    }

    /// An English item in an Arabic list has its marker beside its words (the left), as the
    /// reference sets it (`dir=auto` on the item), and the judge passes it; the Arabic items keep
    /// theirs on the right.
    @Test func anEnglishItemInAnArabicListHasItsMarkerByItsWords() throws {
        let manifest = try render(
            "1. مدة العقد اثنا عشر شهراً.\n2. The tenant may terminate with 60 days' written notice.\n3. يُدفع التأمين خلال ٧ أيام.\n")
        #expect(result(manifest).passed, "\(result(manifest).findings.map(\.message))")
        let markers = try #require(manifest.frames.last?.blocks.filter { $0.marker != nil })
        #expect(markers.map(\.direction) == [.rtl, .ltr, .rtl])
        #expect(markers.map { $0.marker?.side } == [.right, .left, .right])
    }
}
