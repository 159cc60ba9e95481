import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A team's own client, judged: the bundled traces of a good client and of three buggy ones
/// render as the client drew them, and `check` passes the good one and names each bug.
@Suite struct ClientTraceCheckTests {
    private func check(_ name: String) throws -> (manifest: Manifest, report: CheckReport) {
        let job = RenderJob(input: .file(Fixtures.root + "/Examples/traces/\(name).jsonl"), fontsDirectory: Fixtures.fontsDirectory)
        let manifest = try job.render(to: Fixtures.temporaryDirectory("trace-\(name)"), writeFrames: false).manifest
        return (manifest, Detector.check(manifest))
    }

    private func failing(_ report: CheckReport) -> [String] {
        report.detectors.filter { !$0.passed }.map(\.name)
    }

    @Test func theGoodClientPasses() throws {
        let (manifest, report) = try check("good-client")
        #expect(failing(report) == [])
        #expect(manifest.options["client"] == "trace" && manifest.options["platform"] == "react-native")
        #expect(manifest.viewport.width == 390 && manifest.viewport.scale == 1)
        #expect(manifest.ending?.kind == .done)
        #expect(manifest.frames.last?.traced == ["direction", "ending", "lineHeight", "overlays", "text", "textAlign"])
    }

    /// Direction guessed ltr from English first tokens, switched to rtl at 400 ms.
    @Test func aDirectionSwitchedMidStreamIsAFlip() throws {
        let (_, report) = try check("direction-switched")
        #expect(failing(report) == ["direction-flip"])
        let finding = try #require(report.detectors.first { $0.name == "direction-flip" }?.findings.first)
        #expect(finding.timeMs >= 400 && finding.timeMs < 500)
    }

    /// textAlign right with writingDirection rtl in an RTL React Native app lands on the left.
    @Test func reactNativeMirrorsRightToLeftInAnRTLApp() throws {
        let (manifest, report) = try check("align-mirrored")
        #expect(failing(report) == ["alignment"])
        #expect(manifest.frames.last?.blocks.allSatisfy { $0.direction == .rtl && $0.align == .left } == true)
    }

    @Test func arabicAtOneAndAHalfIsCaught() throws {
        let (_, report) = try check("arabic-1.5x")
        #expect(failing(report) == ["line-height"])
    }

    /// A client that keeps scrolling to the bottom after the reader scrolled up to read: the
    /// trace's reader record says who moved the view, so the hijack is the client's.
    @Test func aClientThatYanksTheReaderIsAHijack() throws {
        let (manifest, report) = try check("yanks-reader")
        #expect(failing(report) == ["scroll-hijack"])
        #expect(manifest.interactions?.map(\.action) == ["scroll"])
        let finding = try #require(report.detectors.first { $0.name == "scroll-hijack" }?.findings.first)
        #expect(finding.timeMs > 3470 && finding.timeMs < 3600)
    }
}
