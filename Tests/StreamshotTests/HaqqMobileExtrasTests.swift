import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// shared/seeds/000's pieces the profile lacked: the token-budget pill, the "Summary mode"
/// suggestion under 0.5 Mbps, the stop button with its words. Asserted from rendered manifests.
@Suite struct HaqqMobileExtrasTests {
    static let text = String(repeating: "The tenant gives notice in writing, sixty days before expiry. ", count: 6)

    static func render(arguments: String, network: NetworkProfile = .fourG) throws -> Manifest {
        var settings = try RenderSettings(arguments: "--client haqq-mobile --fps 10 --size 390x600 --scale 1 " + arguments)
        settings.network = network
        var options = try settings.renderOptions()
        options.fps = 10
        let directory = TestSupport.temporaryDirectory("haqq")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(
            input: .transcript(TestSupport.transcript(text, network: network, seed: 4)), options: options,
            fontsDirectory: TestSupport.fontsDirectory
        ).render(to: directory)
        return try Manifest.read(from: directory + "/manifest.json")
    }

    static func overlay(_ frame: Frame?, _ kind: Overlay.Kind) -> Frame.Overlay? {
        frame?.overlays?.first { $0.kind == kind }
    }

    /// "~2,400 tokens remaining this month" by the composer; the warning colour under 20% of the allowance.
    @Test func theTokenBudgetPill() throws {
        let plenty = try Self.render(arguments: "--token-budget 2400/12000")
        let pill = try #require(Self.overlay(plenty.frames.last, .tokenBudget))
        #expect(pill.text == "~2,400 tokens remaining this month")
        #expect(pill.warning == nil)
        #expect(plenty.options.tokenBudget == "2400/12000")
        let low = try Self.render(arguments: "--token-budget 2000/12000")
        #expect(Self.overlay(low.frames.last, .tokenBudget)?.warning == true)
        #expect(try Self.render(arguments: "").frames.allSatisfy { Self.overlay($0, .tokenBudget) == nil })
    }

    /// A spent budget disables send before the request is made: nothing is sent, nothing shown
    /// but the pill, in the warning colour.
    @Test func aSpentBudgetSendsNothing() throws {
        let manifest = try Self.render(arguments: "--token-budget 0/12000")
        #expect(manifest.ending == Ending(kind: .notSent, timeMs: 0))
        #expect(manifest.frames.allSatisfy { $0.blocks.isEmpty && $0.revealedChars == 0 && !$0.typingIndicator })
        let pill = try #require(Self.overlay(manifest.frames.last, .tokenBudget))
        #expect(pill.text == "~0 tokens remaining this month" && pill.warning == true)
        #expect(!manifest.frames.contains { Self.overlay($0, .stopButton) != nil })
    }

    /// Under 0.5 Mbps (2g's 0.07) "Summary mode" is suggested by the composer once the band is
    /// free of the slow-link warning; on 4g (10 Mbps) never.
    @Test func summaryModeOnASlowDownlink() throws {
        let slow = try Self.render(arguments: "", network: .twoG)
        #expect(Self.overlay(slow.frames.last, .summaryMode)?.text == "Slow connection — try Summary mode for shorter answers")
        let fast = try Self.render(arguments: "")
        #expect(fast.frames.allSatisfy { Self.overlay($0, .summaryMode) == nil })
    }

    /// "Stop generating" is drawn with its words: a pill wider than tall at the band's trailing
    /// end, its words inside it.
    @Test func theStopButtonSaysStopGenerating() throws {
        let manifest = try Self.render(arguments: "")
        let stop = try #require(manifest.frames.lazy.compactMap { Self.overlay($0, .stopButton) }.first)
        #expect(stop.text == "Stop generating")
        #expect(stop.width > 3 * stop.height)
        #expect(abs(stop.x + stop.width - (390 - 16)) < 1)
    }

    @Test func aBadBudgetIsRefusedWithItsForm() {
        #expect(TokenBudget("2400") == TokenBudget(remaining: 2400))
        #expect(TokenBudget("5/3") == nil && TokenBudget("-1") == nil && TokenBudget("many") == nil)
        #expect(throws: InputError("--token-budget many: expected the tokens left, or left/allowance, such as 2400 or 2400/12000")) {
            try RenderSettings(arguments: "--token-budget many")
        }
    }
}
