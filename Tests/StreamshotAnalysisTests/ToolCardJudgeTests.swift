import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// A tool card in the answer's flow, judged: the reference's card, put where the model called
/// the tool after its answer started, passes `check` on a phone, a small phone at AX3 in dark
/// and a tablet, in both languages — it moves nothing shown, and its words are not the answer's.
@Suite struct ToolCardJudgeTests {
    @Test(arguments: ["ar", "en"], ["--device iphone-14", "--device iphone-se --theme dark --text-size AX3", "--device ipad-11"])
    func aCardInTheFlowPassesCheck(_ language: String, _ device: String) throws {
        var settings = try RenderSettings(arguments: "\(device) --network instant")
        settings.fonts = Fixtures.fontsDirectory
        let path = Fixtures.root + "/Examples/citations/anthropic-search-midway-\(language).sse"
        let manifest = try settings.job(input: .file(path)).render(to: Fixtures.temporaryDirectory("flow-card"), writeFrames: false).manifest
        #expect(manifest.blocks.contains { $0.kind == .toolCard })
        #expect(manifest.frames.contains { $0.overlays?.contains { $0.kind == .toolCard } == true })
        let report = Detector.check(manifest)
        #expect(report.detectors.filter { !$0.passed }.map(\.name) == [], "\(report.detectors.flatMap(\.findings).map(\.message))")
    }
}
