import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// What each profile's client draws over and beside the text, and when, as the notes describe:
/// asserted from the frames' placed overlays and the manifest.
@Suite struct OverlayTests {
    private static let clause = "يلتزم المستأجر بدفع الإيجار في موعده. "

    private func run(_ transcript: Transcript, profile: ClientProfile, fps: Double = 10) throws -> [FrameScene] {
        var options = TestSupport.smallOptions()
        options.fps = fps
        options.client = profile
        return try TestSupport.scenes(transcript, options: options).scenes
    }

    private func draft() throws -> String {
        try String(contentsOf: TestSupport.examples.appendingPathComponent("ar-nda-draft.md"), encoding: .utf8)
    }

    private func overlays(_ scene: FrameScene, _ kind: Overlay.Kind) -> [PlacedOverlay] {
        scene.placedOverlays.filter { $0.overlay.kind == kind }
    }

    /// 000: "Drafting clause 3 of 7…" from the headings as they stream — the title not counted,
    /// each clause in turn, in the app's language, in the composer's band — and gone at the end.
    @Test func aLongDraftCountsItsClauses() throws {
        var profile = ClientProfile.haqqMobile.speaking(.arabic)
        profile.overlays.progress?.expectedClauses = 7
        let scenes = try run(TestSupport.transcript(try draft()), profile: profile)
        let labels = scenes.compactMap { overlays($0, .progress).first?.overlay.text }
        var distinct: [String] = []
        for label in labels where distinct.last != label { distinct.append(label) }
        #expect(distinct == (1...7).map { AppLanguage.arabic.drafting(clause: $0, of: 7) })
        let pill = try #require(scenes.lazy.compactMap { self.overlays($0, .progress).first }.first)
        #expect(pill.y > 600 - 56 && pill.y + pill.height < 600)
        #expect(scenes.last.map { overlays($0, .progress).isEmpty } == true)
    }

    /// Without the request's count, a short answer is no long draft: no progress.
    @Test func aShortAnswerHasNoProgress() throws {
        let scenes = try run(TestSupport.transcript(TestSupport.example("ar-lease.md")), profile: .haqqMobile)
        #expect(scenes.allSatisfy { overlays($0, .progress).isEmpty })
    }

    /// 000: the typing indicator for at least 500 ms, even when text came sooner (at 300 ms); and
    /// "Stop generating" at the band's trailing edge (the left, in Arabic) while it streams.
    @Test func theMobileClientHoldsTheDotsAndOffersStop() throws {
        let scenes = try run(TestSupport.transcript(String(repeating: Self.clause, count: 20)), profile: .haqqMobile.speaking(.arabic), fps: 20)
        let early = scenes.filter { $0.timeMs < 500 }
        #expect(!early.isEmpty && early.allSatisfy { $0.content.revealedChars == 0 && $0.overlays.typingIndicator })
        let streaming = try #require(scenes.first { $0.timeMs >= 500 && !$0.content.allRevealed })
        let stop = try #require(overlays(streaming, .stopButton).first)
        #expect(stop.overlay.text == AppLanguage.arabic.stopGenerating)
        #expect(stop.x < 390 / 2)
    }

    /// 000: "Slow connection detected" on a 2g or slow-2g link; never on 4g. It outranks the
    /// progress label in the band, which holds one pill.
    @Test func aSlowLinkIsWarnedOf() {
        for (type, warned) in [("slow-2g", true), ("2g", true), ("4g", false)] {
            let client = StrategyClient(profile: .haqqMobile, frameMs: 100)
            var text = ArrivedText()
            text.append(Self.clause)
            let arrivals = Arrivals(
                text: text, firstArrivalMs: 0, errorMessage: nil, isReconnecting: false, rewrittenFrom: nil,
                conditions: NetworkConditions(effectiveType: type, rttMs: 1400, downlinkMbps: 0.07))
            let content = client.decideContent(arrivals, at: 1000)
            #expect(content.overlays.items.contains { $0.kind == .slowConnection } == warned, "\(type)")
        }
    }

    /// End to end on the 2g profile: the client reads its conditions and warns, in the app's
    /// language, until the answer is all shown; on 4g it does not.
    @Test func theTwoGProfileBringsTheWarning() throws {
        // Long enough for several deliveries a round trip apart: a short answer arrives in one.
        let text = String(repeating: Self.clause, count: 60)
        let slow = try run(TestSupport.transcript(text, network: .twoG), profile: .haqqMobile.speaking(.arabic))
        let streaming = slow.filter { $0.content.revealedChars > 0 && !$0.content.allRevealed }
        #expect(!streaming.isEmpty && streaming.allSatisfy { overlays($0, .slowConnection).first?.overlay.text == AppLanguage.arabic.slowConnection })
        #expect(slow.last.map { overlays($0, .slowConnection).isEmpty } == true)
        let fast = try run(TestSupport.transcript(text, network: .fourG), profile: .haqqMobile)
        #expect(fast.allSatisfy { overlays($0, .slowConnection).isEmpty })
        #expect(NetworkProfile.twoG.conditions?.rttMs == 1400 && NetworkProfile.slowTwoG.conditions?.effectiveType == "slow-2g")
    }

    /// 003: "Claude is typing..." under the answer while it streams, at its start edge.
    @Test func theSwiftUIClientSaysWhoIsTyping() throws {
        let scenes = try run(
            TestSupport.transcript("The tenant shall pay the rent on time. " + String(repeating: "More terms follow. ", count: 8)),
            profile: .swiftUI)
        let streaming = scenes.filter { !$0.content.allRevealed && $0.content.revealedChars > 0 }
        #expect(!streaming.isEmpty)
        for scene in streaming {
            let caption = try #require(overlays(scene, .typingIndicator).first)
            #expect(caption.overlay.text == "Claude is typing…")
            let bottom = scene.blocks.map { $0.placed.bottom - scene.scroll }.max() ?? 0
            #expect(caption.y >= bottom && caption.x == 16)
        }
        #expect(scenes.last.map { overlays($0, .typingIndicator).isEmpty } == true)
    }

    /// 002's phase 4, planned (`cloude-plan`): new blocks fade in over 0.1 s easing in (slow,
    /// then fast), and the cursor blinks.
    @Test func theDisplayBufferPlanFadesInAndBlinks() throws {
        let scenes = try run(
            TestSupport.transcript(String(repeating: "The tenant shall pay the rent on time. ", count: 30)),
            profile: .cloudePlan, fps: 60)
        let first = try #require(scenes.first { !$0.blocks.isEmpty })
        #expect(first.blocks[0].opacity < 0.01)
        let later = try #require(scenes.first { $0.timeMs >= first.timeMs + 100 })
        #expect(later.blocks[0].opacity == 1)
        let streaming = scenes.filter { $0.overlays.caretBlockId != nil }
        #expect(Set(streaming.map(\.overlays.caretOpacity)) == [0, 1])
    }

    /// Every overlay the frame lists is in the manifest with its words and its box; the reader's
    /// actions are listed once at the top.
    @Test func theManifestListsOverlaysAndInteractions() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .haqqMobile.speaking(.arabic)
        options.interactions = [ReaderAction(timeMs: 1500, kind: .stop)]
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let result = try renderer.render(
            TestSupport.transcript(String(repeating: Self.clause, count: 30)), options: options,
            to: TestSupport.temporaryDirectory("overlays"))
        let manifest = try result.manifest
        #expect(manifest.interactions == [Manifest.Interaction(ReaderAction(timeMs: 1500, kind: .stop))])
        #expect(manifest.ending?.kind == .stopped)
        let stop = try #require(manifest.frames.first { $0.timeMs == 1000 }?.overlays?.first { $0.kind == .stopButton })
        // A pill as tall as the band's others, wide enough for its words (000: "Stop generating").
        #expect(stop.text == AppLanguage.arabic.stopGenerating && stop.width > 2 * stop.height && stop.height == 26)
        #expect(manifest.frames.last?.overlays == [])
        #expect(manifest.options.timeout == ManifestOptions.Timeout(ms: 60000, resets: false))
    }
}

/// shared/seeds/003's typewriter, and its restart bug reproduced on purpose.
@Suite struct TypewriterTests {
    private func revealed(_ pacing: PacingPolicy, events: [StreamEvent]) throws -> [(timeMs: Double, revealed: Int)] {
        var options = TestSupport.smallOptions(pacing: pacing)
        options.fps = 50
        let (scenes, _) = try TestSupport.scenes(Transcript(events: events), options: options)
        return scenes.map { ($0.timeMs, $0.content.revealedChars) }
    }

    /// 30 ms a character from the first arrival, never past what arrived, typing on after done.
    @Test func oneCharacterEveryThirtyMilliseconds() throws {
        let text = String(repeating: "abcde ", count: 20)
        let frames = try revealed(.typewriter, events: [StreamEvent(timeMs: 0, kind: .delta(text)), StreamEvent(timeMs: 0, kind: .done)])
        let at = { (ms: Double) in frames.first { $0.timeMs >= ms }?.revealed ?? -1 }
        #expect(at(300) == 10 && at(900) == 30 && at(2400) == 80)
        #expect(frames.last?.revealed == 120)
        #expect((frames.last?.timeMs ?? 0) >= 3600)
    }

    /// With the restart bug, every arrival sends it back to nothing: what was shown is taken back.
    @Test func theRestartBugStartsOverOnEveryChange() throws {
        let first = "The tenant shall pay the monthly rent "
        let events = [
            StreamEvent(timeMs: 0, kind: .delta(first)), StreamEvent(timeMs: 600, kind: .delta("on the first day.")),
            StreamEvent(timeMs: 600, kind: .done)
        ]
        let frames = try revealed(.typewriterRestart, events: events)
        let before = try #require(frames.last { $0.timeMs < 600 })
        let after = try #require(frames.first { $0.timeMs >= 600 })
        #expect(before.revealed >= 15 && after.revealed < 3)
        #expect(frames.last?.revealed == (first + "on the first day.").count)
        let steady = try revealed(.typewriter, events: events)
        #expect(steady.first { $0.timeMs >= 600 }.map { $0.revealed >= before.revealed } == true)
    }
}
