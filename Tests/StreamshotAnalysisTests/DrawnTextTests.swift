import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// `check` fails a render whose manifest says text was shown that was not drawn (issue 14).
@Suite struct DrawnTextTests {
    static func manifest() throws -> Manifest {
        try Fixtures.job("Hello there, world.", network: .instant).render { _, _ in }
    }

    @Test func aGoodRenderPasses() throws {
        let report = Detector.check(try Self.manifest())
        #expect(report.detectors.first { $0.name == "drawn-text" }?.passed == true)
    }

    @Test func aNulInTheTextFails() throws {
        var manifest = try Self.manifest()
        manifest.text = "Hello\u{0} there"
        let findings = Detector.check(manifest).findings.filter { $0.kind == .textNotDrawn }
        #expect(findings.map(\.message) == ["a NUL at character 5: the text after it is not drawn"])
    }

    @Test func aShownBlockWhoseLinesHaveNoWidthFails() throws {
        var manifest = try Self.manifest()
        let last = manifest.frames.count - 1
        for index in manifest.frames[last].blocks.indices {
            for line in manifest.frames[last].blocks[index].lines.indices { manifest.frames[last].blocks[index].lines[line].width = 0 }
        }
        let report = Detector.check(manifest)
        #expect(!report.passed)
        #expect(report.findings.contains { $0.kind == .textNotDrawn && $0.frameIndex == last })
    }

    @Test func theFrameLimitEndsARenderWithAWarningAndWhatItMade() throws {
        var options = Fixtures.smallOptions()
        options.maxFrames = 5
        let manifest = try Fixtures.job("A longer answer that takes many frames to reveal at a steady pace.", options: options)
            .render { _, _ in }
        #expect(manifest.frames.count == 5)
        #expect(manifest.warnings.map(\.kind).contains(.frameLimit))
        #expect(manifest.warnings.first { $0.kind == .frameLimit }?.message.contains("--max-frames") == true)
    }
}
