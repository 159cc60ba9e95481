import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `end-dump`: the backlog a client shows at once when the stream ends.
@Suite struct EndDumpTests {
    static func findings(_ pacing: PacingPolicy, network: NetworkProfile = .threeG, seed: UInt64 = 4) throws -> [Finding] {
        var job = Fixtures.job(Fixtures.example("ar-lease.md"), network: network, seed: seed)
        job.options.encodesFrames = false
        job.options.client.pacing = pacing
        return Detector.check(try job.render { _, _ in }).findings.filter { $0.detector == "reveal-cadence" }
    }

    /// The README's 3g example: `smooth` flushes on done (the notes' clients do), and the end is
    /// named, with the characters, the frame and the backlog; the reference's buffer passes.
    @Test func aFlushOnDoneIsAnEndDumpAndKeepUpIsNot() throws {
        let dumps = try Self.findings(.smooth).filter { $0.kind == .endDump }
        let dump = try #require(dumps.first)
        #expect((dump.values["chars"] ?? 0) > 100, "\(dump.message)")
        #expect(dump.message.hasPrefix("end dump: ") && dump.message.contains("as the stream ended"))
        #expect(try Self.findings(.keepUp).isEmpty)
    }

    /// keep-up over fast and slow networks never reveals more than 20 characters a frame, except
    /// one long word alone or a whole code line — at the end too.
    @Test(arguments: [NetworkProfile.instant, .threeG, .twoG])
    func keepUpStaysUnderABurst(_ network: NetworkProfile) throws {
        var job = Fixtures.job(Fixtures.example("en-answer.md"), network: network, seed: 2)
        job.options.encodesFrames = false
        let manifest = try job.render { _, _ in }
        let text = Array(manifest.text.unicodeScalars)
        for (previous, frame) in zip(manifest.frames, manifest.frames.dropFirst()) where frame.revealedChars - previous.revealedChars > 20 {
            let shown = String(String.UnicodeScalarView(text[previous.revealedChars..<frame.revealedChars]))
            #expect(!shown.trimmingCharacters(in: .whitespacesAndNewlines).contains(" ") || shown.hasSuffix("\n"), "frame \(frame.index): \(shown)")
        }
        #expect(Detector.check(manifest).findings.filter { $0.kind == .endDump || $0.kind == .burst }.isEmpty)
    }
}
