import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A block's text can be rewritten after frames showed it: a link reference whose definition
/// never comes is read as a link while the answer streams (`ProvisionalLinks`), and once the
/// whole answer is in it shows as written (`[article 4][a4]`), as GitHub shows it. Each frame's
/// lines index the text shown on that frame, so the manifest keeps the earlier texts
/// (`blocks[].earlier`); it once kept only the last, and its own reader refused the render
/// (`lines[0]: end 26 … <= 25`, when the definition's arrival rewrote the text).
@Suite struct RewrittenTextTests {
    static let referencesNeverDefined = (0..<6).map { "See [article \($0)][a\($0)] of the act.\n\n" }.joined()

    private func render(_ text: String) throws -> (manifest: Manifest, path: String) {
        let out = Fixtures.temporaryDirectory("rewritten")
        let result = try RenderJob(input: .text(text), fontsDirectory: Fixtures.fontsDirectory).render(to: out, writeFrames: false)
        return (try result.manifest, result.manifestPath)
    }

    @Test func framesIndexTheTextTheyShowed() throws {
        let (manifest, path) = try render(Self.referencesNeverDefined)
        // The file reads back: every line's offsets fit the text its frame showed.
        #expect(try Manifest.read(from: path) == manifest)
        let first = try #require(manifest.blocks.first)
        #expect(first.text == "See [article 0][a0] of the act.")
        let earlier = try #require(first.earlier?.last)
        #expect(earlier.text == "See article 0 of the act.")
        // The frame that last showed the reference as written shows it whole, and the next one the link.
        let shownWhole = try #require(manifest.frames.first { $0.index == earlier.throughFrame }?.blocks.first { $0.id == first.id })
        let written = Array(first.text(atFrame: earlier.throughFrame).unicodeScalars)
        #expect(shownWhole.lines.compactMap(\.end).max() == written.count)
        let after = try #require(manifest.frames.first { $0.index == earlier.throughFrame + 1 }?.blocks.first { $0.id == first.id })
        #expect(after.lines.compactMap(\.end).max() == first.text.unicodeScalars.count)
        // A text that only grew keeps no earlier copy: each one kept was rewritten by the next.
        for block in manifest.blocks {
            let texts = (block.earlier ?? []).map(\.text) + [block.text]
            #expect(zip(texts, texts.dropFirst()).allSatisfy { !$1.hasPrefix($0) }, "\(texts)")
        }
    }

    /// The detectors that read lines' text read the frame's own: nothing is found in them but
    /// what the reader saw, the words that changed when the whole answer showed the references
    /// as written (`words-changed`, once per paragraph, at the end).
    @Test func checkReadsEachFramesText() throws {
        let manifest = try render(Self.referencesNeverDefined).manifest
        let report = Detector.check(manifest)
        #expect(report.detectors.filter { !$0.passed }.map(\.name) == [Detector.revealCadence.name])
        let findings = report.detectors.flatMap(\.findings)
        #expect(Set(findings.map(\.kind)) == [.wordsChanged], "\(findings.map(\.message))")
        #expect(findings.count == 6 && findings.allSatisfy { $0.message.contains("«article» became «[article»") }, "\(findings.map(\.message))")
        let end = try #require(manifest.ending?.timeMs)
        #expect(findings.allSatisfy { $0.timeMs >= end })
    }

    /// A rewrite the stream made excuses only the words it changed: a snapshot that turns «tenant»
    /// into «landlord» is the stream's (its warning says so), while a reference shown as a link
    /// and then as written, later in the same render, is still the client's change.
    @Test func aRewriteExcusesOnlyWhatItRewrote() throws {
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("The tenant pays the rent each month.\n\n")),
            StreamEvent(timeMs: 1500, kind: .snapshot("The landlord pays the rent each month.\n\n")),
            StreamEvent(timeMs: 3000, kind: .delta("See [article 0][a0] of the act.\n")),
            StreamEvent(timeMs: 3500, kind: .done)
        ])
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        let manifest = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: Fixtures.fontsDirectory).render { _, _ in }
        #expect(manifest.warnings.contains { $0.kind == .rewrite })
        let findings = Detector.check(manifest).detectors.flatMap(\.findings).filter { $0.kind == .wordsChanged }
        #expect(findings.count == 1 && findings.allSatisfy { $0.message.contains("«article» became «[article»") }, "\(findings.map(\.message))")
    }

    @Test func earlierTextsOutOfOrderAreRefused() throws {
        let (_, path) = try render(Self.referencesNeverDefined)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""earlier":[{"throughFrame":"#, with: #""earlier":[{"throughFrame":-"#)
        #expect(broken != text)
        #expect(throws: InputError.self) { try Manifest.decode(Data(broken.utf8), name: "m.json") }
    }
}
