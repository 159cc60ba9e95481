import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// The largest text on the smallest phone: what breaks first when Arabic legal text is set at
/// accessibility sizes with a 1.8x pitch.
@Suite struct TextSizeCheckTests {
    /// A long Arabic answer with a table, lists, a quote and code at AX5 on the small iPhone
    /// (at its own 2x) passes every detector: no ink clipped, no line past the frame's side, the
    /// pitch held. Table cells stay inside the frame, and code never wraps.
    @Test func aLongArabicAnswerWithATablePassesCheckAtAX5OnTheSmallIPhone() throws {
        var settings = try RenderSettings(arguments: "--device iphone-se --text-size AX5")
        settings.fonts = Fixtures.fontsDirectory
        var job = try settings.job(input: .file(Fixtures.root + "/Examples/ar-answer.md"))
        job.options.encodesFrames = false
        let manifest = try job.render { _, _ in }
        #expect(manifest.viewport.width == 750 && manifest.options.textSize == "AX5")
        let report = Detector.check(manifest)
        #expect(report.passed, "\(report.findings.map(\.message))")
        let width = Double(manifest.viewport.width)
        let blocks = manifest.frames.flatMap(\.blocks)
        let cells = try #require(blocks.first { $0.kind == .table }?.cells)
        #expect(cells.allSatisfy { $0.x >= 0 && $0.x + $0.width <= width })
        let code = blocks.filter { $0.kind == .code }
        #expect(!code.isEmpty)
        for block in code {
            let source = try #require(manifest.blocks.first { $0.id == block.id }).text
            #expect(block.lines.count <= source.split(separator: "\n", omittingEmptySubsequences: false).count, "code wrapped")
        }
    }
}
