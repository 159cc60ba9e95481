import Foundation
import Streamshot
@testable import StreamshotAnalysis
import Testing

/// `overlap`: ink over ink, from the lines' ink extents.
@Suite struct OverlapTests {
    private static func render(_ network: NetworkProfile = .instant) throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        return try Fixtures.job("يلتزم المستأجر بدفع الأجرة في موعدها المحدد من كل شهر، وفي حال التأخر تستحق غرامة يومية.\n\nThe second paragraph.\n",
                                network: network, options: options).render { _, _ in }
    }

    private static func findings(_ manifest: Manifest) -> [Finding] {
        Detector.check(manifest).detectors.first { $0.name == "overlap" }!.findings
    }

    /// The reference sets lines apart; the same frame with the first paragraph's second line
    /// pulled up a line pitch less 4 px (two lines' glyphs on each other) is caught.
    @Test func twoLinesDrawnOnEachOtherAreCaught() throws {
        let manifest = try Self.render()
        #expect(Self.findings(manifest).isEmpty)
        var edited = manifest
        let last = edited.frames.count - 1
        var block = edited.frames[last].blocks[0]
        #expect(block.lines.count >= 2)
        let rise = block.linePitch - 4
        block.lines[1].y -= rise
        block.lines[1].baseline -= rise
        block.lines[1].inkTop! -= rise
        block.lines[1].inkBottom! -= rise
        edited.frames[last].blocks[0] = block
        let findings = Self.findings(edited)
        let finding = try #require(findings.first)
        #expect(finding.kind == .inkOverlapped && finding.frameIndex == last && finding.blockId == 0)
        #expect(finding.message.hasPrefix("block 0: line 0's ink reaches"))
        #expect(finding.message.hasSuffix("a reader sees the glyphs of two lines drawn on each other"))
    }

    /// The caret over the glyphs of a line it does not end (a line above the one being typed).
    @Test func aCaretOverAnotherLinesGlyphsIsCaught() throws {
        let manifest = try Self.render(.steady)
        #expect(Self.findings(manifest).isEmpty)
        var edited = manifest
        let index = try #require(edited.frames.lastIndex { $0.caret != nil && $0.blocks.count == 2 })
        let line = edited.frames[index].blocks[0].lines[0]
        edited.frames[index].caret?.blockId = 1
        edited.frames[index].caret?.x = line.x + line.width / 2
        edited.frames[index].caret?.y = line.inkTop!
        edited.frames[index].caret?.height = line.inkBottom! - line.inkTop!
        let finding = try #require(Self.findings(edited).first)
        #expect(finding.message.hasPrefix("the caret covers block 0 line 0's ink"))
    }
}
