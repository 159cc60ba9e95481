import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The networks against shared/seeds/000 ("a 5-page NDA draft may be 3,000+ tokens; on a 3G
/// connection … 15–30 seconds") and the Network Information API's round trips and downlinks.
@Suite struct NetworkCalibrationTests {
    /// An Arabic clause of 25 tokens, 120 times: 3,000 tokens.
    static let draft = String(
        String(repeating: "يلتزم الطرف المتلقي بعدم الإفصاح عن المعلومات السرية لأي طرف ثالث دون موافقة كتابية مسبقة. ", count: 120).dropLast())
    static let seeds: [UInt64] = [1, 2, 3, 4]

    /// When the last of the answer arrives.
    static func lastArrivalMs(_ network: NetworkProfile, seed: UInt64) -> Double {
        TestSupport.transcript(draft, network: network, seed: seed).events.last { if case .delta = $0.kind { return true } else { return false } }?
            .timeMs ?? 0
    }

    @Test func theDraftIsThreeThousandTokens() {
        #expect(Tokenizer.tokens(of: Self.draft).count == 3000)
    }

    /// 3,000 tokens over 3g arrive in 15–30 s on every seed: the model's pace, not a trickle.
    @Test func threeThousandTokensOverThreeGTakeFifteenToThirtySeconds() {
        for seed in Self.seeds {
            #expect((15_000...30_000).contains(Self.lastArrivalMs(.threeG, seed: seed)), "seed \(seed)")
        }
    }

    /// 2g and slow-2g, with their longer round trips and smaller downlinks, take longer on average.
    @Test func slowerLinksTakeLonger() {
        let mean = { (network: NetworkProfile) in Self.seeds.map { Self.lastArrivalMs(network, seed: $0) }.reduce(0, +) / Double(Self.seeds.count) }
        #expect(mean(.threeG) < mean(.twoG))
        #expect(mean(.twoG) < mean(.slowTwoG))
        #expect(mean(.fourG) <= mean(.threeG))
    }

    /// 000's client over 3g renders the bundled Arabic draft to `done` on four seeds, at 200+
    /// characters a second from its first character to its last.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theMobileClientFinishesTheDraftOverThreeG(_ seed: UInt64) throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .haqqMobile
        let text = TestSupport.example("ar-nda-draft.md")
        let (scenes, loop) = try TestSupport.scenes(TestSupport.transcript(text, network: .threeG, seed: seed), options: options)
        #expect(loop.ending?.kind == .done)
        let first = try #require(scenes.first { $0.content.revealedChars > 0 })
        let all = try #require(scenes.first { $0.content.allRevealed })
        let rate = Double(all.content.revealedChars) / ((all.content.timeMs - first.content.timeMs) / 1000)
        #expect(rate >= 200, "seed \(seed): \(rate) characters a second")
    }
}
