import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `lost-text`'s duplicated text: a replay after a reconnect appended to what was shown.
@Suite struct DuplicatedTextTests {
    static let clause = "يلتزم المستأجر بدفع الأجرة في موعدها المحدد من كل شهر. "

    static func findings(_ events: [StreamEvent]) throws -> [Finding] {
        var options = Fixtures.smallOptions()
        options.encodesFrames = false
        let manifest = try RenderJob(input: .transcript(Transcript(events: events)), options: options, fontsDirectory: Fixtures.fontsDirectory)
            .render { _, _ in }
        return Detector.check(manifest).findings.filter { $0.kind == .textDuplicated }
    }

    /// Resumed where it dropped (Last-Event-ID), the answer goes on: nothing repeats, even where
    /// the next clause begins with the words the first one did. Replayed from the start and
    /// appended, the repeat is named with the reconnect, the words and where they were first shown.
    @Test func aReplayAppendedAfterAReconnectIsNamed() throws {
        let first = StreamEvent(timeMs: 200, kind: .delta(Self.clause + "وفي حال التأخر تستحق غرامة يومية. "))
        let resumed = try Self.findings([
            first, StreamEvent(timeMs: 900, kind: .reconnect("Last-Event-ID")),
            StreamEvent(timeMs: 1400, kind: .delta(Self.clause.replacingOccurrences(of: "الأجرة", with: "رسوم الصيانة"))),
            StreamEvent(timeMs: 1500, kind: .done)
        ])
        #expect(resumed.isEmpty, "\(resumed.map(\.message))")
        let replayed = try Self.findings([
            first, StreamEvent(timeMs: 900, kind: .reconnect("replayed")),
            StreamEvent(timeMs: 1400, kind: .delta(Self.clause + "وفي حال التأخر تستحق غرامة يومية. الباقي.")),
            StreamEvent(timeMs: 1500, kind: .done)
        ])
        let finding = try #require(replayed.first)
        #expect(finding.message.hasPrefix("after the reconnect at 900 ms, "))
        #expect(finding.message.contains("«يلتزم المستأجر") && finding.message.contains("from character 0"))
        #expect(replayed.count == 1)
    }
}

extension DuplicatedTextTests {
    /// A long, repetitive answer is searched in bounded work (20,000 starts, 400 characters each;
    /// it was the square of the answer's length): a million letters with the drop in their middle
    /// are one word, not duplicated text; a repeated phrase is followed 400 characters and named.
    @Test func aRepetitiveAnswerIsSearchedInBoundedTime() {
        let text =
            Array(repeating: Unicode.Scalar("a"), count: 1_000_000) + Array(" b".unicodeScalars) + Array(repeating: Unicode.Scalar("a"), count: 1_000)
        let run = DuplicatedText.repeatRun(in: text, at: 500_000)
        #expect(run == nil, "a run with no space in it is one word, not duplicated text")
        #expect(
            DuplicatedText.repeatRun(in: Array((String(repeating: "word ", count: 200_000)).unicodeScalars), at: 500_000)?.length
                == DuplicatedText.longestRunFollowed)
    }
}
