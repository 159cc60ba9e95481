import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// A reader who scrolls, taps, stops and leaves while the answer streams (shared/seeds/000 and
/// 002), asserted from the frames' decisions: pinned, scroll, overlays, revealed characters.
@Suite struct ReaderTests {
    /// The seven-clause Arabic draft on a steady link, 10 frames a second, 390x600 at 1x.
    private func run(_ actions: [ReaderAction], profile: ClientProfile = .reference) throws -> [FrameScene] {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = profile
        options.interactions = actions
        let text = try String(contentsOf: TestSupport.examples.appendingPathComponent("ar-nda-draft.md"), encoding: .utf8)
        return try TestSupport.scenes(TestSupport.transcript(text), options: options).scenes
    }

    private func scroll(_ seconds: Double, by points: Double) -> ReaderAction {
        ReaderAction(timeMs: seconds * 1000, kind: .scroll(byPt: points))
    }

    private func hasOverlay(_ scene: FrameScene, _ kind: Overlay.Kind) -> Bool {
        scene.placedOverlays.contains { $0.overlay.kind == kind }
    }

    /// 002: a drag up unpins the view; while unpinned it stays where the reader left it (what
    /// they read never moves) and "↓ New content" shows once more text has come below; tapping
    /// it scrolls smoothly back to the bottom and pins again.
    @Test func scrollingUpUnpinsAndTheViewStaysUntilThePillIsTapped() throws {
        let scenes = try run([scroll(8, by: -300), ReaderAction(timeMs: 12_000, kind: .tapNewContent)])
        let reading = scenes.filter { $0.timeMs >= 8000 && $0.timeMs < 12_000 }
        let first = try #require(reading.first)
        #expect(!first.view.pinned)
        #expect(reading.allSatisfy { !$0.view.pinned && $0.scroll == first.scroll })
        #expect(reading.contains { hasOverlay($0, .newContentPill) })
        #expect(!hasOverlay(first, .newContentPill))  // nothing new below yet
        let pill = try #require(reading.last?.placedOverlays.first { $0.overlay.kind == .newContentPill })
        #expect(pill.overlay.text == "↓ New content", "the app's language: English, as none was named")
        // Tapped: the pill gone, the scroll easing down over several frames, not jumping; pinned
        // again once it arrives (on the way, what lies below is not cut off, only not reached yet).
        let after = scenes.filter { $0.timeMs >= 12_000 }
        #expect(after.allSatisfy { !hasOverlay($0, .newContentPill) })
        #expect(after.first?.view.pinned == false)
        #expect(after.filter { $0.timeMs >= 12_400 }.allSatisfy { $0.view.pinned })
        let steps = zip(after.dropFirst(), after).map { $0.scroll - $1.scroll }
        #expect(steps.prefix(3).allSatisfy { $0 > 0 })
        #expect(after.first.map { $0.scroll < reading.last!.scroll + 300 + 1 } == true)
        #expect(after.last?.view.settled == true)
    }

    /// 002: within ~50 pt of the bottom counts as at it: a small drag leaves the view pinned,
    /// and scrolling back down to the bottom (the drag stops there) pins it again.
    @Test func withinFiftyPointsOfTheBottomIsPinned() throws {
        let scenes = try run([scroll(8, by: -40), scroll(10, by: -400), scroll(11, by: 2000)])
        let nudged = try #require(scenes.first { $0.timeMs >= 8000 })
        #expect(nudged.view.pinned)
        let up = try #require(scenes.first { $0.timeMs >= 10_000 })
        #expect(!up.view.pinned)
        let back = try #require(scenes.first { $0.timeMs >= 11_000 })
        #expect(back.view.pinned)
    }

    /// 003's client scrolls to the bottom on every change, whatever the reader did: the note's
    /// own bug, reproduced so the scroll-hijack detector has something real to catch.
    @Test func theSwiftUIClientYanksAReaderWhoScrolledUp() throws {
        let scenes = try run([scroll(8, by: -300)], profile: .swiftUI)
        let up = try #require(scenes.firstIndex { $0.timeMs >= 8000 })
        #expect(!scenes[up].view.pinned)
        #expect(scenes[up...].prefix(10).contains { $0.view.pinned })
    }

    /// 000: "Stop generating" while it streams; pressed, the answer ends `stopped` with what had
    /// arrived, and the button goes.
    @Test func stopEndsTheAnswerWithWhatArrived() throws {
        let scenes = try run([ReaderAction(timeMs: 5000, kind: .stop)], profile: .haqqMobile)
        #expect(scenes.filter { $0.timeMs > 600 && $0.timeMs < 5000 }.allSatisfy { hasOverlay($0, .stopButton) })
        let last = try #require(scenes.last)
        #expect(!hasOverlay(last, .stopButton))
        #expect(last.content.streamEnded && last.content.allRevealed)
        let atStop = try #require(scenes.first { $0.timeMs >= 5000 })
        #expect(last.content.revealedChars == atStop.content.revealedChars + atStop.content.bufferedChars)
        #expect(!last.placedOverlays.contains { $0.overlay.kind == .error || $0.overlay.kind == .retry })
    }

    /// 000: in the background updates pause (nothing more is revealed), and on coming back the
    /// buffer replays: everything that arrived meanwhile is shown, none of it dropped.
    @Test func theBackgroundPausesAndTheForegroundReplaysEverything() throws {
        let scenes = try run([ReaderAction(timeMs: 4000, kind: .background), ReaderAction(timeMs: 9000, kind: .foreground)])
        let away = scenes.filter { $0.timeMs >= 4000 && $0.timeMs < 9000 }
        #expect(away.allSatisfy { $0.content.appState == .background })
        #expect(Set(away.map(\.content.revealedChars)).count == 1)
        #expect((away.last?.content.bufferedChars ?? 0) > 200)
        let back = scenes.filter { $0.timeMs >= 9000 }
        let revealed = back.map(\.content.revealedChars)
        #expect(zip(revealed.dropFirst(), revealed).allSatisfy { $0 >= $1 })
        let last = try #require(scenes.last)
        #expect(last.content.allRevealed && last.content.bufferedChars == 0)
    }

    /// 002: "on conversation switch, show the full text at once": away, nothing of it is drawn;
    /// back, everything that arrived is there in that frame up to its last whole word (the
    /// reference never shows half a word), without a fade, pinned at the bottom.
    @Test func switchingBackShowsEverythingAtOnce() throws {
        let scenes = try run([ReaderAction(timeMs: 4000, kind: .switchAway), ReaderAction(timeMs: 9000, kind: .switchBack)])
        let away = scenes.filter { $0.timeMs >= 4000 && $0.timeMs < 9000 }
        #expect(away.allSatisfy { $0.blocks.isEmpty && $0.placedOverlays.isEmpty && $0.content.appState == .away })
        let back = try #require(scenes.first { $0.timeMs >= 9000 })
        #expect(back.content.pendingChars == 0, "all that can be shown without half a word is shown")
        #expect(back.content.bufferedChars < 20)
        #expect(back.blocks.allSatisfy { $0.opacity == 1 })
        #expect(back.view.pinned)
    }
}

/// Interaction scripts and the CLI's shorthand: read exactly, refused with the line and the reason.
@Suite struct InteractionScriptTests {
    @Test func aScriptReadsInTimeOrder() throws {
        let script = """
            {"t":3000,"action":"scroll","by":-400}

            {"t":1000,"action":"background"}
            {"t":3000,"action":"tap-new-content"}
            """
        let actions = try InteractionScript.parse(jsonLines: script, source: "reader.jsonl")
        #expect(
            actions == [
                ReaderAction(timeMs: 1000, kind: .background), ReaderAction(timeMs: 3000, kind: .scroll(byPt: -400)),
                ReaderAction(timeMs: 3000, kind: .tapNewContent)
            ])
    }

    @Test func theShorthandTakesSecondsOrMilliseconds() throws {
        #expect(try InteractionScript.parse(shorthand: "scroll@3s:-400") == ReaderAction(timeMs: 3000, kind: .scroll(byPt: -400)))
        #expect(try InteractionScript.parse(shorthand: "stop@2.5s") == ReaderAction(timeMs: 2500, kind: .stop))
        #expect(try InteractionScript.parse(shorthand: "switch-away@1200ms") == ReaderAction(timeMs: 1200, kind: .switchAway))
    }

    @Test(arguments: [
        ("{\"t\":1,\"action\":\"jump\"}", "reader.jsonl line 1: unknown action \"jump\""),
        ("{\"action\":\"stop\"}", "reader.jsonl line 1: no \"t\""),
        ("{\"t\":1,\"action\":\"scroll\"}", "reader.jsonl line 1: scroll needs \"by\""),
        ("{\"t\":1,\"action\":\"stop\",\"by\":3}", "reader.jsonl line 1: only scroll, scroll-table and scroll-reasoning take \"by\""),
        ("{\"t\":-5,\"action\":\"stop\"}", "reader.jsonl line 1: t=-5.0 is not a time"),
        ("stop at 3s", "reader.jsonl line 1: not a JSON object")
    ])
    func aBadLineIsNamed(line: String, message: String) {
        #expect(throws: InputError.self) { try InteractionScript.parse(jsonLines: line, source: "reader.jsonl") }
        do {
            _ = try InteractionScript.parse(jsonLines: line, source: "reader.jsonl")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func aBadShorthandIsNamed() {
        for (shorthand, message) in [
            ("scroll@3s", "scroll needs"), ("stop", "expected ACTION@TIME"), ("stop@soon", "is not a time"),
            ("scroll@3s:far", "is not a distance")
        ] {
            do {
                _ = try InteractionScript.parse(shorthand: shorthand)
                Issue.record("\(shorthand) was accepted")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
