import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The client-model stage alone — no Pango, no pixels: given arrivals and frame times, the
/// decisions a frame is made of.
@Suite struct ClientModelTests {
    /// A laid-out document as a scroll view sees it: block heights, no text.
    final class FakeDocument: ScrollContent {
        var heights: [(id: Int, height: Double)] = []
        let padding = 16.0
        var bottomInset = 16.0
        var contentHeight: Double { heights.reduce(padding + bottomInset) { $0 + $1.height } }
        func visibleRange(top: Double, bottom: Double) -> Range<Int> {
            var y = padding
            var range: [Int] = []
            for (index, block) in heights.enumerated() {
                if y + block.height >= top && y < bottom { range.append(index) }
                y += block.height
            }
            return (range.first ?? 0)..<((range.last ?? -1) + 1)
        }
        func blockId(at index: Int) -> Int { heights[index].id }
    }

    /// Arrivals at one moment: `text` arrived, optionally the stream ended.
    static func arrivals(_ text: String, ended: Bool = false, firstArrivalMs: Double = 0) -> Arrivals {
        var arrived = ArrivedText()
        arrived.append(text)
        arrived.ended = ended
        return Arrivals(
            text: arrived, firstArrivalMs: text.isEmpty ? nil : firstArrivalMs, errorMessage: nil,
            isReconnecting: false, rewrittenFrom: nil)
    }

    static func client(_ configure: (inout ClientProfile) -> Void = { _ in }) -> StrategyClient {
        var profile = ClientProfile.reference
        configure(&profile)
        return StrategyClient(profile: profile, frameMs: 1000.0 / 60)
    }

    @Test func nothingIsShownUntilTheDirectionIsDecidedThenItNeverChanges() {
        let client = Self.client()
        // 12 Latin characters, 100 ms after they arrived: not enough to decide, so nothing shows.
        let early = client.decideContent(Self.arrivals("The lessee, "), at: 100)
        #expect(early.responseDirection == nil)
        #expect(early.revealedChars == 0)
        #expect(early.overlays.typingIndicator)
        #expect(early.document == nil)
        // An Arabic letter within the first 30 characters decides RTL before anything is shown.
        let decided = client.decideContent(Self.arrivals("The lessee, المستأجر, shall pay "), at: 200)
        #expect(decided.responseDirection == .rtl)
        #expect(decided.revealedChars > 0)
        #expect(!decided.overlays.typingIndicator)
        let later = client.decideContent(Self.arrivals("The lessee, المستأجر, shall pay the rent monthly in advance. "), at: 400)
        #expect(later.responseDirection == .rtl)
    }

    @Test func afterFiveHundredMillisecondsItDecidesOnWhatItHas() {
        let client = Self.client()
        #expect(client.decideContent(Self.arrivals("Short answer. "), at: 499).responseDirection == nil)
        #expect(client.decideContent(Self.arrivals("Short answer. "), at: 500).responseDirection == .ltr)
    }

    @Test func eachBlockGetsItsDirectionAlignmentAndPitchOnceWhenShown() throws {
        // Every block in one frame: the display buffer shows all it has (the reference's finishes over half a second).
        let client = Self.client { $0.pacing = .raw }
        let text = "البند الأول: يلتزم المستأجر بدفع الأجرة.\n\nThe tenant pays monthly.\n\n```\nlet x = 1\n```\n"
        let content = client.decideContent(Self.arrivals(text, ended: true), at: 0)
        let blocks = try #require(content.document).changed
        #expect(blocks.map(\.decision.direction) == [.rtl, .ltr, .ltr])
        #expect(blocks.map(\.decision.alignment.physical) == [.right, .left, .left])
        #expect(blocks.map(\.decision.pitch.factor) == [1.8, 1.45, 1.45])
        #expect(blocks.map(\.decision.pitch.isArabic) == [true, false, false])
        #expect(blocks.allSatisfy { $0.decision.shownAtMs == 0 })
    }

    @Test func alignmentIsResolvedOnceOrTwiceAsTheProfileSays() throws {
        let arabic = "نص عربي قصير للتجربة هنا في هذا السطر.\n"
        for (resolution, expected) in [(AlignmentResolution.css, PhysicalAlignment.right), (.mirroredTwice, .left)] {
            let client = Self.client { $0.alignment = AlignmentPolicy(textAlign: .start, resolution: resolution) }
            let block = try #require(client.decideContent(Self.arrivals(arabic, ended: true), at: 0).document?.changed.first)
            #expect(block.decision.alignment.physical == expected)
        }
    }

    @Test func finishedBlocksAreNotListedAgain() throws {
        let client = Self.client { $0.pacing = .raw }
        let first = try #require(client.decideContent(Self.arrivals("First paragraph here.\n\nSecond one "), at: 0).document)
        #expect(first.unchangedCount == 0 && first.changed.count == 2)
        let second = try #require(client.decideContent(Self.arrivals("First paragraph here.\n\nSecond one grows "), at: 17).document)
        #expect(second.unchangedCount == 1)
        #expect(second.changed.map(\.block.id) == [first.changed[1].block.id])
        #expect(second.changed.map(\.block.content.text) == ["Second one grows"])
    }

    @Test func theViewFollowsTheBottomEasesNeverScrollsBackAndFadesNewBlocks() {
        let client = Self.client()
        let document = FakeDocument()
        let content = client.decideContent(Self.arrivals("Some text that is shown. ", ended: true), at: 0)
        document.heights = [(0, 300), (1, 900)]
        var scrolls: [Double] = []
        for frame in 0..<60 {
            let time = Double(frame) * 1000 / 60
            var now = content
            now.timeMs = time
            let view = client.decideView(now, document: document, viewportHeight: 800)
            scrolls.append(view.scroll)
            #expect(view.opacities.count == view.visible.count)
        }
        let target = document.contentHeight - 800
        #expect(scrolls[0] == target - document.bottomInset, "the newest line never sinks past the bottom edge, only into the inset")
        #expect(scrolls[1] > scrolls[0] && scrolls[1] < target, "the rest eases, it does not jump")
        #expect(zip(scrolls, scrolls.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(scrolls.last == target)
        // A block shown at t=0 is 1 - (1 - (50 + 1000/60)/150)^3 opaque at 50 ms: the fade as it
        // stands at the end of the frame, on the frame clock to 1/100 ms (66.67 ms).
        let at50 = { () -> ContentDecisions in
            var c = content
            c.timeMs = 50
            return c
        }()
        let fresh = Self.client()
        _ = fresh.decideContent(Self.arrivals("Shown at zero. ", ended: true), at: 0)
        let view = fresh.decideView(at50, document: document, viewportHeight: 2000)
        let step = 1 - 66.67 / 150
        let expected = 1 - step * step * step
        #expect(abs(view.opacities[0] - expected) < 1e-12)
    }

    @Test func theRenderEndsOnceEverythingHasSettledAndBeenHeld() {
        let client = Self.client()
        let document = FakeDocument()
        document.heights = [(0, 100)]
        var endedAt: Double?
        for frame in 0..<200 {
            let time = Double(frame) * 1000 / 60
            if client.isFinished(at: time) {
                endedAt = time
                break
            }
            let content = client.decideContent(Self.arrivals("Done. ", ended: true), at: time)
            _ = client.decideView(content, document: document, viewportHeight: 800)
        }
        // Fully opaque on the frame that ends 150 ms after it was shown (133 ms), then held for 250 ms.
        #expect(endedAt.map { $0 > 383 && $0 < 434 } == true, "ended at \(String(describing: endedAt))")
    }

    @Test func theCaretFollowsTheStreamingBlockAndLeavesAtTheEnd() throws {
        let client = Self.client { $0.pacing = .raw }
        let streaming = client.decideContent(Self.arrivals("One.\n\nTwo is streaming "), at: 0)
        #expect(streaming.overlays.caretBlockId == streaming.document?.changed.last?.block.id)
        let done = client.decideContent(Self.arrivals("One.\n\nTwo is streaming now.", ended: true), at: 17)
        #expect(done.overlays.caretBlockId == nil)
        #expect(done.allRevealed)
    }

    @Test func aRewriteForgetsTheRewrittenBlocksAndDecidesTheNewOnesAfresh() throws {
        let client = Self.client { $0.pacing = .raw }
        let before = try #require(client.decideContent(Self.arrivals("First draft.\n\nSecond "), at: 600).document)
        let oldIds = before.changed.map(\.block.id)
        var rewritten = Self.arrivals("Other text entirely.\n\nSecond ", ended: false)
        rewritten.rewrittenFrom = 0
        let after = try #require(client.decideContent(rewritten, at: 1000).document)
        #expect(after.unchangedCount == 0)
        #expect(after.changed.first?.block.content.text == "Other text entirely.")
        #expect(Set(after.changed.map(\.block.id)).isDisjoint(with: oldIds), "ids are never reused")
        #expect(after.changed.allSatisfy { $0.decision.shownAtMs == 1000 })
    }

    @Test func aStreamThatFailsBeforeAnyTextShowsAnErrorNotice() throws {
        let client = Self.client()
        var failed = Self.arrivals("", ended: true)
        failed.errorMessage = "Overloaded"
        let content = client.decideContent(failed, at: 40)
        let notice = try #require(content.document?.changed.last)
        #expect(notice.block.kind == .notice)
        #expect(notice.block.id == StrategyClient.noticeId)
        #expect(notice.block.content.text == "Error: Overloaded")
        #expect(!content.overlays.typingIndicator)
        #expect(content.overlays.caretBlockId == nil)
    }

    @Test func withoutADirectionLockTheDirectionFollowsTheShownText() throws {
        let client = Self.client {
            $0.direction.lock = .none
            $0.pacing = .raw
        }
        // Shown text starts with a digit and Latin, so the naive client starts LTR ...
        let early = client.decideContent(Self.arrivals("2026 "), at: 0)
        #expect(early.responseDirection == .ltr)
        #expect(early.document?.changed.first?.decision.direction == .ltr)
        // ... and flips once Arabic is shown: the bug `--direction-lock none` reproduces.
        let later = client.decideContent(Self.arrivals("2026 عقد "), at: 17)
        let block = try #require(later.document?.changed.first)
        #expect(block.decision.direction == .rtl)
        #expect(block.decision.alignment.physical == .right)
        #expect(client.decideContent(Self.arrivals("2026 عقد ", ended: true), at: 34).responseDirection == .rtl)
    }
}
