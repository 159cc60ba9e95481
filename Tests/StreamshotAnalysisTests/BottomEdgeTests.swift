import Streamshot
import Testing

@testable import StreamshotAnalysis

/// The line-height detector sees ink cut at the frame's bottom edge while the view is pinned to
/// the bottom, even for a block that runs on below the edge (a new heading sinking under the fold).
@Suite struct BottomEdgeTests {
    /// A render that scrolls, with its last frame's last block moved to start just above the
    /// bottom edge and run past it, as a lagging scroll would leave it.
    private func manifestWithTheLastBlockPastTheEdge(pinned: Bool?) throws -> Manifest {
        var options = Fixtures.smallOptions()
        options.heightPt = 200
        let text = (1...6).map { "Paragraph \($0) of an answer that grows past the fold." }.joined(separator: "\n\n")
        var manifest = try Fixtures.job(text, network: .instant, options: options).render { _, _ in }
        let height = Double(manifest.viewport.height)
        var frame = try #require(manifest.frames.last)
        var block = try #require(frame.blocks.last)
        let shift = height - 10 - block.top
        block.top += shift
        block.inkTop += shift
        block.inkBottom += shift
        block.lines = block.lines.map {
            var line = $0
            line.y += shift
            line.baseline += shift
            return line
        }
        frame.blocks[frame.blocks.count - 1] = block
        frame.pinned = pinned
        manifest.frames[manifest.frames.count - 1] = frame
        return manifest
    }

    private func clipped(_ manifest: Manifest) -> [Finding] {
        let lineHeight = Detector.check(manifest).detectors.first { $0.name == "line-height" }
        return lineHeight?.findings.filter { $0.kind == .inkClipped } ?? []
    }

    @Test func inkPastTheBottomWhilePinnedIsClipped() throws {
        let findings = clipped(try manifestWithTheLastBlockPastTheEdge(pinned: true))
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("bottom") == true)
    }

    @Test func aBlockRunningOnBelowAnUnpinnedViewIsNotClipped() throws {
        // A reader scrolled up (or a manifest that does not say) sees the rest by scrolling.
        #expect(clipped(try manifestWithTheLastBlockPastTheEdge(pinned: false)).isEmpty)
        #expect(clipped(try manifestWithTheLastBlockPastTheEdge(pinned: nil)).isEmpty)
    }
}
