import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// shared/seeds/002 as built (`cloude`: phases 1 and 3) and as planned (`cloude-plan`: with
/// phase 4), each rule asserted from a rendered manifest.
@Suite struct CloudeClientTests {
    static func render(_ transcript: Transcript, client: ClientProfile, fps: Double = 20) throws -> Manifest {
        var options = TestSupport.smallOptions()
        options.fps = fps
        options.client = client
        let directory = TestSupport.temporaryDirectory("cloude")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        return try Manifest.read(from: directory + "/manifest.json")
    }

    /// `count` characters of prose arriving at once at 100 ms, done at `doneMs`.
    static func burst(_ count: Int, doneMs: Double = 20_000) -> Transcript {
        let text = String(String(repeating: "The lessee shall pay rent. ", count: count / 27 + 1).prefix(count))
        return Transcript(events: [StreamEvent(timeMs: 100, kind: .delta(text)), StreamEvent(timeMs: doneMs, kind: .done)])
    }

    /// Phase 1: 300 characters a second while fewer than 500 wait (a 400-character burst takes
    /// about 1.3 s), faster past 500 (a 3,000-character burst drains in well under 10 s).
    @Test func itDrainsThreeHundredCharactersASecond() throws {
        let small = try Self.render(Self.burst(400), client: .cloude)
        let atOneSecond = try #require(small.frames.first { $0.timeMs == 1100 })
        #expect((285...315).contains(atOneSecond.revealedChars))
        let large = try Self.render(Self.burst(3000), client: .cloude)
        let second = try #require(large.frames.first { $0.timeMs == 1100 })
        #expect(second.revealedChars > 600)
    }

    /// Draining is by characters (the note's "Drains N characters"), not whole words: some frame
    /// ends inside a word.
    @Test func itDrainsByCharacters() throws {
        let manifest = try Self.render(Self.burst(400), client: .cloude)
        let text = Array(manifest.text.unicodeScalars)
        #expect(
            manifest.frames.contains {
                $0.revealedChars > 0 && $0.revealedChars < text.count
                    && text[$0.revealedChars - 1].properties.isAlphabetic && text[$0.revealedChars].properties.isAlphabetic
            })
    }

    /// Code is drained a line at a time: no frame ends inside a code line.
    @Test func codeDrainsLineByLine() throws {
        let code = "Run this:\n\n```swift\n" + (1...30).map { "let value\($0) = compute(\($0))\n" }.joined() + "```\n"
        let manifest = try Self.render(
            Transcript(events: [StreamEvent(timeMs: 100, kind: .delta(code)), StreamEvent(timeMs: 9000, kind: .done)]),
            client: .cloude)
        let text = Array(manifest.text.unicodeScalars)
        let codeStart = code.unicodeScalars.count - (code.components(separatedBy: "```swift\n")[1].unicodeScalars.count)
        let cuts = manifest.frames.map(\.revealedChars).filter { $0 > codeStart && $0 < text.count }
        #expect(!cuts.isEmpty)
        #expect(cuts.allSatisfy { text[$0 - 1] == "\n" })
    }

    /// A quiet stream is never held back: the last word, and a code line still without its
    /// newline, show once the stream has been quiet for the quiet rule, long before done at 30 s.
    @Test(arguments: ["for that purpose.", "Run:\n\n```swift\nlet total = compute(1)"])
    func aQuietStreamIsNeverHeldBack(_ text: String) throws {
        let manifest = try Self.render(
            Transcript(events: [
                StreamEvent(timeMs: 100, kind: .delta(text)),
                StreamEvent(timeMs: 30_000, kind: .done)
            ]), client: .cloude, fps: 10)
        let first = try #require(manifest.frames.first { $0.revealedChars > 0 })
        let all = try #require(manifest.frames.first { $0.revealedChars == text.unicodeScalars.count })
        #expect(all.timeMs - first.timeMs <= PacingPolicy.drainQuietMs)
        #expect(all.timeMs < 3000)
    }

    /// As built: no fade, no cursor. As planned: a 0.1 s ease-in fade and a blinking cursor.
    @Test func phaseFourIsThePlanOnly() throws {
        let built = try Self.render(Self.burst(400, doneMs: 3000), client: .cloude, fps: 60)
        #expect(built.frames.flatMap(\.blocks).allSatisfy { $0.opacity == 1 })
        #expect(built.frames.allSatisfy { $0.caret == nil })
        #expect(built.options.client == .profile("cloude"))
        let plan = try Self.render(Self.burst(400, doneMs: 3000), client: .cloudePlan, fps: 60)
        #expect(plan.frames.flatMap(\.blocks).contains { $0.opacity > 0 && $0.opacity < 1 })
        #expect(plan.frames.contains { $0.caret != nil })
        #expect(plan.options.pacing == "drain-300")
    }

    /// Phase 3 (done): a drag up unpins the view, which stays where the reader is while the draft
    /// grows below, with "↓ New content"; tapping it pins the view to the bottom again.
    @Test(arguments: [ClientProfile.cloude, .cloudePlan])
    func phaseThreePinsAndOffersThePill(_ client: ClientProfile) throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = client
        options.interactions = [ReaderAction(timeMs: 5000, kind: .scroll(byPt: -200)), ReaderAction(timeMs: 8000, kind: .tapNewContent)]
        let directory = TestSupport.temporaryDirectory("cloude-pin")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let transcript = TestSupport.transcript(TestSupport.example("ar-nda-draft.md"), network: .fourG, seed: 1)
        _ = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        let manifest = try Manifest.read(from: directory + "/manifest.json")
        let reading = manifest.frames.filter { $0.timeMs >= 5100 && $0.timeMs < 8000 }
        #expect(!reading.isEmpty && reading.allSatisfy { $0.pinned == false && $0.scroll == reading[0].scroll })
        #expect(reading.contains { ($0.overlays ?? []).contains { $0.kind == .newContentPill } })
        let back = try #require(manifest.frames.last)
        #expect(back.pinned == true && !(back.overlays ?? []).contains { $0.kind == .newContentPill })
    }
}
