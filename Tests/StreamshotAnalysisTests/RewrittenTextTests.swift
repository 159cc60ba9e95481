import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A block's text can be rewritten after frames showed it: a link reference used before its
/// definition shows as written (`[article 4][a4]`) until the definition arrives, then as the
/// link's shorter text. Each frame's lines index the text shown on that frame, so the manifest
/// keeps the earlier texts (`blocks[].earlier`); it once kept only the last, and its own reader
/// refused the render (`lines[0]: end 26 … <= 25`).
@Suite struct RewrittenTextTests {
    static let referencesBeforeDefinitions = (0..<6).map { "See [article \($0)][a\($0)] of the act.\n\n[a\($0)]: https://example.com/act/\($0)\n\n" }.joined()

    private func render(_ text: String) throws -> (manifest: Manifest, path: String) {
        let out = Fixtures.temporaryDirectory("rewritten")
        let result = try RenderJob(input: .text(text), fontsDirectory: Fixtures.fontsDirectory).render(to: out, writeFrames: false)
        return (try result.manifest, result.manifestPath)
    }

    @Test func framesIndexTheTextTheyShowed() throws {
        let (manifest, path) = try render(Self.referencesBeforeDefinitions)
        // The file reads back: every line's offsets fit the text its frame showed.
        #expect(try Manifest.read(from: path) == manifest)
        let first = try #require(manifest.blocks.first)
        #expect(first.text == "See article 0 of the act.")
        let earlier = try #require(first.earlier?.last)
        #expect(earlier.text == "See [article 0][a0] of the act.")
        // The frame that last showed the reference as written shows it whole, and the next one the link.
        let shownWhole = try #require(manifest.frames.first { $0.index == earlier.throughFrame }?.blocks.first { $0.id == first.id })
        let written = Array(first.text(atFrame: earlier.throughFrame).unicodeScalars)
        #expect(shownWhole.lines.compactMap(\.end).max() == written.count)
        let after = try #require(manifest.frames.first { $0.index == earlier.throughFrame + 1 }?.blocks.first { $0.id == first.id })
        #expect(after.lines.compactMap(\.end).max() == first.text.unicodeScalars.count)
        // A text that only grew keeps no earlier copy: each one kept was rewritten by the next
        // (`See article` while a link may follow, then `See [article 0][a0] of the act.`).
        for block in manifest.blocks {
            let texts = (block.earlier ?? []).map(\.text) + [block.text]
            #expect(zip(texts, texts.dropFirst()).allSatisfy { !$1.hasPrefix($0) }, "\(texts)")
        }
    }

    /// The detectors that read lines' text read the frame's own: check finds nothing in a clean render.
    @Test func checkReadsEachFramesText() throws {
        let report = Detector.check(try render(Self.referencesBeforeDefinitions).manifest)
        #expect(report.detectors.filter { !$0.passed }.map(\.name) == [])
    }

    @Test func earlierTextsOutOfOrderAreRefused() throws {
        let (_, path) = try render(Self.referencesBeforeDefinitions)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""earlier":[{"throughFrame":"#, with: #""earlier":[{"throughFrame":-"#)
        #expect(broken != text)
        #expect(throws: InputError.self) { try Manifest.decode(Data(broken.utf8), name: "m.json") }
    }
}
