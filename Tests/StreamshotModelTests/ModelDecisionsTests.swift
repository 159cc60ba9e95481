import Foundation
import StreamshotModel
import Testing

/// The model alone — input, Markdown streaming, the client and its decisions — with no layout,
/// no Pango and no Cairo: a stream's content decisions, frame by frame, follow the seeds' rules.
@Suite struct ModelDecisionsTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/ar-lease.jsonl").path

    @Test func theReferenceClientDecidesAnArabicStreamFrameByFrame() throws {
        let transcript = try InputLoader.load(path: Self.example, network: .steady, seed: 1)
        let frameMs = 1000.0 / 60
        let client = StrategyClient(profile: .reference, frameMs: frameMs)
        var playback = StreamPlayback(transcript)
        var decisions: [ContentDecisions] = []
        var frame = 0
        while !client.isFinished(at: Double(frame) * frameMs), frame < 5_000 {
            decisions.append(client.decideContent(playback.advance(to: Double(frame) * frameMs), at: Double(frame) * frameMs))
            frame += 1
        }
        let shown = try #require(decisions.first { $0.revealedChars > 0 })
        // The direction is fixed before the first token is shown, and never flips.
        #expect(shown.responseDirection == .rtl)
        #expect(Set(decisions.compactMap(\.responseDirection)) == [.rtl])
        // Revealed text only grows, and the whole answer is shown by the end.
        #expect(zip(decisions, decisions.dropFirst()).allSatisfy { $0.revealedChars <= $1.revealedChars })
        #expect(decisions.last?.allRevealed == true)
        // Arabic paragraphs at a 1.8x pitch, set against the right edge (no double mirroring).
        let blocks = decisions.compactMap(\.document).flatMap(\.changed).filter { $0.decision.direction == .rtl && $0.block.kind == .paragraph }
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { $0.decision.pitch.factor == 1.8 && $0.decision.pitch.isArabic })
        #expect(blocks.allSatisfy { $0.decision.alignment.lines == .right })
    }
}

/// A first chunk of Markdown marks alone ("# ") followed by a long gap is no evidence: the
/// direction waits for a word, and an Arabic answer is laid out right to left.
@Suite struct MarkupOnlyFirstChunkTests {
    @Test func aHeadingMarkThenASlowArabicWordIsRightToLeft() {
        let policy = DirectionPolicy()
        let mark = Array("# ".unicodeScalars)[...]
        #expect(policy.responseDirection(arrived: mark, waitedMs: 2_000, ended: false) == nil)
        let word = Array("# عقد إيجار".unicodeScalars)[...]
        #expect(policy.responseDirection(arrived: word, waitedMs: 2_000, ended: false) == .rtl)
        // Digits are something a reader sees: a number alone still decides, left to right, after the wait.
        #expect(policy.responseDirection(arrived: Array("42".unicodeScalars)[...], waitedMs: 2_000, ended: false) == .ltr)
        #expect(policy.responseDirection(arrived: mark, waitedMs: 2_000, ended: true) == .ltr)
    }
}
