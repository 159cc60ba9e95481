import Testing

@testable import Streamshot
@testable import StreamshotModel

@Suite struct DirectionTests {
    private func scalars(_ text: String) -> ArraySlice<Unicode.Scalar> { Array(text.unicodeScalars)[...] }
    let policy = DirectionPolicy()

    @Test func anRTLLetterInTheFirstThirtyCharactersDecidesAtOnce() {
        #expect(policy.responseDirection(arrived: scalars("Re: عقد"), waitedMs: 0, ended: false) == .rtl)
        #expect(policy.responseDirection(arrived: scalars("שלום"), waitedMs: 0, ended: false) == .rtl)
    }

    @Test func withoutAnRTLLetterItWaitsForThirtyCharactersOrHalfASecond() {
        #expect(policy.responseDirection(arrived: scalars("Clause 5"), waitedMs: 100, ended: false) == nil)
        #expect(policy.responseDirection(arrived: scalars("Clause 5"), waitedMs: 500, ended: false) == .ltr)
        #expect(policy.responseDirection(arrived: scalars("Clause 5"), waitedMs: 0, ended: true) == .ltr)
        let thirty = String(repeating: "a", count: 30) + " عربي"
        #expect(policy.responseDirection(arrived: scalars(thirty), waitedMs: 0, ended: false) == .ltr)
    }

    @Test func harakatDigitsAndPunctuationAreNotLetters() {
        #expect(!ScriptClass.isRTLLetter("\u{064E}"))  // fatha
        #expect(!ScriptClass.isRTLLetter("\u{0661}"))  // Arabic-Indic one
        #expect(!ScriptClass.isRTLLetter("\u{060C}"))  // Arabic comma
        #expect(ScriptClass.isRTLLetter("\u{0710}"))  // Syriac alaph
        #expect(ScriptClass.isRTLLetter("\u{0780}"))  // Thaana
        #expect(ScriptClass.isRTLLetter("\u{07CA}"))  // N'Ko
    }

    @Test func firstStrongFollowsP2AndP3() {
        let rule = DirectionRule.firstStrong
        #expect(rule.decide(scalars("123 (Elite) عقد"), false) == .decided(.ltr))
        #expect(rule.decide(scalars("١٢٣ عقد Elite"), false) == .decided(.rtl))
        // Characters inside an isolate are skipped.
        #expect(rule.decide(scalars("\u{2066}Elite\u{2069} عقد"), false) == .decided(.rtl))
        #expect(rule.decide(scalars("123 ..."), false) == .undetermined)
        #expect(rule.decide(scalars("123 ..."), true) == .noEvidence)
    }

    @Test func blocksDecideFromTheirFirstLineAndFallBack() {
        #expect(policy.blockDirection(firstLine: scalars("The clause reads"), isCode: false, response: .rtl) == .ltr)
        #expect(policy.blockDirection(firstLine: scalars("2026 — 120,000"), isCode: false, response: .rtl) == .rtl)
        #expect(policy.blockDirection(firstLine: scalars("عقد"), isCode: true, response: .rtl) == .ltr)
        let response = DirectionPolicy(blockMode: .response)
        #expect(response.blockDirection(firstLine: scalars("English"), isCode: false, response: .rtl) == .rtl)
        let forced = DirectionPolicy(forced: .rtl)
        #expect(forced.responseDirection(arrived: scalars(""), waitedMs: 0, ended: false) == .rtl)
        #expect(forced.blockDirection(firstLine: scalars("English"), isCode: false, response: .ltr) == .rtl)
    }

    @Test func nothingIsRevealedBeforeTheDirectionIsDecided() throws {
        // English arrives slowly: 8 characters, then nothing for a second.
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 100, kind: .delta("Clause 5 ")),
            StreamEvent(timeMs: 1500, kind: .delta("reads as follows.")),
            StreamEvent(timeMs: 1500, kind: .done)
        ])
        let (scenes, _) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        let firstShown = scenes.first { $0.content.revealedChars > 0 }!
        #expect(firstShown.timeMs >= 600)  // waited 500 ms after the first arrival
        #expect(firstShown.timeMs < 700)
        #expect(scenes.filter { $0.timeMs < 600 }.allSatisfy { $0.overlays.typingIndicator })
    }
}
