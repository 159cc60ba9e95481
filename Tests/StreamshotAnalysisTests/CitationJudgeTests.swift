import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// Citations, judged: the reference's chips and pills on every cited fixture pass `check`, in
/// both styles; a client whose chip changes its number after it was shown (it numbered by
/// arrival, then renumbered in reading order) is caught as shown words that change.
@Suite struct CitationJudgeTests {
    static let fixtures = ["anthropic-ar", "openai-responses-en", "perplexity-ar", "gemini-en"]

    @Test(arguments: fixtures, ["numbered", "domain"])
    func theReferencesChipsPassCheck(_ fixture: String, _ style: String) throws {
        var settings = try RenderSettings(arguments: "--citations \(style) --scale 1 --network instant")
        settings.fonts = Fixtures.fontsDirectory
        let path = Fixtures.root + "/Examples/citations/\(fixture).sse"
        let manifest = try settings.job(input: .file(path)).render(to: Fixtures.temporaryDirectory("cited"), writeFrames: false).manifest
        #expect(manifest.blocks.contains { $0.chips?.isEmpty == false })
        let report = Detector.check(manifest)
        #expect(report.detectors.filter { !$0.passed }.map(\.name) == [], "\(report.detectors.flatMap(\.findings).map(\.message))")
    }

    /// A client trace that shows "[2]" after the first sentence, then, once a second source
    /// arrives and the client renumbers, "[1]" there: the reader read one number and sees another.
    @Test func aChipRenumberedAfterItWasShownIsChangedWords() throws {
        /// Shown a word every 80 ms, as a paced client shows them; the first chip is renumbered
        /// once the second sentence starts.
        func trace(renumbers: Bool) -> String {
            let words = "The general limitation period is fifteen years. [1] Periodic rent lapses after five years. [2]".split(separator: " ")
            var records = [#"{"t":0,"type":"start","platform":"css","viewport":{"width":390,"height":600,"scale":1}}"#]
            for count in 1...words.count {
                var shown = words.prefix(count).joined(separator: " ")
                if renumbers, count <= 8 { shown = shown.replacingOccurrences(of: "[1]", with: "[2]") }
                records.append(#"{"t":\#(200 + 80 * count),"type":"show","text":"\#(shown)"}"#)
            }
            records.append(#"{"t":\#(400 + 80 * words.count),"type":"end"}"#)
            return records.joined(separator: "\n")
        }
        func findings(renumbers: Bool) throws -> [Finding] {
            let directory = Fixtures.temporaryDirectory("renumbered")
            try trace(renumbers: renumbers).write(toFile: directory + "/trace.jsonl", atomically: true, encoding: .utf8)
            let job = RenderJob(input: .file(directory + "/trace.jsonl"), fontsDirectory: Fixtures.fontsDirectory)
            let manifest = try job.render(to: directory, writeFrames: false).manifest
            return Detector.check(manifest).detectors.flatMap(\.findings)
        }
        #expect(try findings(renumbers: false).isEmpty)
        let caught = try findings(renumbers: true)
        // A trace's own text changing is the client's rewrite (`words-changed`'s kind for a trace).
        #expect(caught.map(\.kind) == [.rewrite], "\(caught.map(\.message))")
        // At the chip's number, after "fifteen years. [".
        let at = "The general limitation period is fifteen years. [".unicodeScalars.count
        #expect(caught.first?.message.contains("rewrote text shown from character \(at);") == true, "\(caught.map(\.message))")
    }
}
