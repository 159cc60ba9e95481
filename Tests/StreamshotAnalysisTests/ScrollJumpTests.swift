import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `scroll-jump`: the view moving more than a line a frame when the reader did nothing.
@Suite struct ScrollJumpTests {
    private static func result(_ manifest: Manifest) -> CheckReport.DetectorResult {
        Detector.check(manifest).detectors.first { $0.name == "scroll-jump" }!
    }

    /// The reference client at 60 fps: the reader drags up 400 pt at 5 s, then taps the pill at
    /// 7 s and the view eases back to the bottom.
    private static func readerRender() throws -> Manifest {
        var options = ClientMomentDetectorTests.options(
            .reference,
            [
                ReaderAction(timeMs: 5000, kind: .scroll(byPt: -400)), ReaderAction(timeMs: 7000, kind: .tapNewContent)
            ])
        options.fps = 60
        return try RenderJob(
            input: .transcript(Transcript(events: ClientMomentDetectorTests.paragraphs(20))), options: options,
            fontsDirectory: Fixtures.fontsDirectory
        ).render { _, _ in }
    }

    /// The pinned view follows new lines without a jump; the reader's drag and the pill's
    /// scroll back are theirs. The same frames with the reader's actions taken out are jumps:
    /// the view moved 400 pt at once with no one asking.
    @Test func theReadersOwnScrollsAreNotJumpsButTheSameMovesUnaskedAre() throws {
        let manifest = try Self.readerRender()
        #expect(Self.result(manifest).passed, "\(Self.result(manifest).findings.prefix(3).map(\.message))")
        var unasked = manifest
        unasked.interactions = nil
        let jumps = Self.result(unasked)
        #expect(!jumps.passed)
        let drag = try #require(jumps.findings.first)
        #expect(drag.kind == .scrollJump)
        #expect(abs(drag.timeMs - 5000) < 17)
        // The drag's frame: the view went up by (nearly) the drag, new lines below taking a little of it.
        let dy = try #require(drag.values["dy"])
        #expect(dy < -300)
        #expect(drag.message.hasPrefix("the view jumped \((-dy * 100).rounded() / 100) px up in 16.7 ms"))
    }

    /// A rewrite that shrinks the content takes the view with it: the client declared it.
    @Test func aMoveAtADeclaredRewriteIsNotAJump() throws {
        var manifest = try Self.readerRender()
        manifest.interactions = nil
        let drag = try #require(Self.result(manifest).findings.first)
        manifest.warnings.append(RenderWarning(kind: .rewrite, message: "rewritten", timeMs: drag.timeMs))
        #expect(Self.result(manifest).findings.first?.frameIndex != drag.frameIndex)
    }

    /// At 60 fps a frame may move one body line pitch (English body text: 17 pt x 1.45), plus the tolerance.
    @Test func theAllowanceIsOneLinePitchAFrame() throws {
        var manifest = try Self.readerRender()
        manifest.interactions = nil
        let drag = try #require(Self.result(manifest).findings.first)
        let pitch = try #require(drag.values["pitch"])
        #expect(abs(pitch - 17 * 1.45) < 0.01)
        #expect(abs(drag.values["allowed"]! - (pitch + CheckThresholds().positionTolerancePx)) < 0.01)
    }
}
