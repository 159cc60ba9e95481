import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A team's own client, judged: the bundled traces of a good client and of buggy ones
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
        #expect(manifest.options.replaysTrace && manifest.options.platform == .reactNative)
        #expect(manifest.viewport.width == 390 && manifest.viewport.scale == 1)
        #expect(manifest.ending?.kind == .done)
        #expect(manifest.frames.last?.traced == ["direction", "ending", "lineHeight", "overlays", "text", "textAlign"])
    }

    /// Direction guessed ltr from English first tokens, switched to rtl at 400 ms.
    /// The switch sets the whole answer right to left, its English preamble too, which a reader
    /// then sees set from the right: content-direction says so.
    @Test func aDirectionSwitchedMidStreamIsAFlip() throws {
        let (_, report) = try check("direction-switched")
        #expect(failing(report) == ["direction-flip", "content-direction"])
        let finding = try #require(report.detectors.first { $0.name == "direction-flip" }?.findings.first)
        #expect(finding.timeMs >= 400 && finding.timeMs < 500)
        let preamble = try #require(report.detectors.first { $0.name == "content-direction" }?.findings)
        #expect(preamble.count == 1 && preamble[0].blockId == 0 && preamble[0].message.contains("is laid out rtl, but it reads ltr"))
    }

    /// A Flutter client whose Text widgets get the app's ltr Directionality: Arabic set left to
    /// right from the first token to the last, list markers and the quote's bar on the left.
    @Test func arabicLaidOutLeftToRightIsCaught() throws {
        let (manifest, report) = try check("flutter-ltr")
        #expect(failing(report) == ["content-direction"])
        #expect(manifest.options.platform == .flutter)
        let findings = try #require(report.detectors.first { $0.name == "content-direction" }?.findings)
        let blocks = try #require(manifest.frames.last?.blocks)
        // Every block, once, and each list marker and the quote bar.
        #expect(findings.filter { $0.kind == .contentDirection }.map(\.blockId) == blocks.map(\.id))
        #expect(findings.filter { $0.kind == .sideOpposite }.count == 3)
        let first = try #require(findings.first)
        #expect(first.frameIndex > 0 && first.blockId == 0)
        #expect(
            first.message.hasPrefix(
                "block 0 (heading) \"البند الأول: الأطراف\" is laid out ltr, but it reads rtl: its first strong letter and 100% of its 17 strong letters are rtl"
            ))
    }

    /// A client that sets its scroll offset 320 pt further in one frame, with no reader record.
    @Test func aViewSnapping320PointsIsAJump() throws {
        let (manifest, report) = try check("snaps-320")
        #expect(failing(report) == ["scroll-jump"])
        let jumps = try #require(report.detectors.first { $0.name == "scroll-jump" }?.findings)
        #expect(jumps.count == 1)
        #expect(jumps[0].values["dy"] == 320)
        #expect(manifest.frames[jumps[0].frameIndex].scroll - manifest.frames[jumps[0].frameIndex - 1].scroll == 320)
        #expect(jumps[0].message.hasPrefix("the view jumped 320.0 px down in 16.7 ms"))
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
