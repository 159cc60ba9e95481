import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// shared/seeds/001's cleanup: `.onDisappear { viewModel.cleanup() }` cancels the polling and
/// the 30 s timeout, and nothing restarts them on coming back. Asserted from rendered manifests.
@Suite struct LumePollingCleanupTests {
    static let clause = "The tenant gives notice in writing. "

    /// A clause a second from 200 ms for 20 s, then done.
    static let transcript = Transcript(
        events: (0..<20).map { StreamEvent(timeMs: Double($0) * 1000 + 200, kind: .delta(clause)) }
            + [StreamEvent(timeMs: 20_000, kind: .done)])

    static func render(_ interactions: [ReaderAction]) throws -> Manifest {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .lumePolling
        options.interactions = interactions
        let directory = TestSupport.temporaryDirectory("lume-cleanup")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        return try Manifest.read(from: directory + "/manifest.json")
    }

    /// Leaving at 5 s and coming back at 8 s: the answer is frozen as it stood at 5 s and still
    /// streaming, no timeout ever fires, and the manifest says the client left.
    @Test func leavingCancelsPollingAndTimeout() throws {
        let manifest = try Self.render([ReaderAction(timeMs: 5000, kind: .switchAway), ReaderAction(timeMs: 8000, kind: .switchBack)])
        #expect(manifest.ending == Ending(kind: .left, timeMs: 5000))
        let last = try #require(manifest.frames.last)
        #expect(last.revealedChars == 5 * Self.clause.unicodeScalars.count)
        #expect(!last.ended)
        #expect(last.app == nil)
        #expect(last.timeMs < 30_000)
        let back = manifest.frames.filter { $0.timeMs >= 8000 }
        #expect(!back.isEmpty)
        #expect(back.allSatisfy { $0.revealedChars == last.revealedChars && !$0.ended })
        // Still streaming: its caret stands after the frozen text, as while it streamed.
        #expect(back.allSatisfy { $0.caret != nil })
    }

    /// Staying on the conversation, the same answer completes: the cleanup is the leaving's doing.
    @Test func stayingCompletes() throws {
        let manifest = try Self.render([])
        #expect(manifest.ending?.kind == .done)
        #expect(manifest.frames.last?.revealedChars == 20 * Self.clause.unicodeScalars.count)
    }
}
