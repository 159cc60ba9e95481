import Foundation
import SnapshotTesting
import StreamshotSnapshotTesting
import StreamshotTesting
import Testing

/// Swift Testing: the stream's key moments, its structure and its checks, each a reference in
/// `__Snapshots__/` as swift-snapshot-testing keeps them.
@Suite struct LeaseSnapshotTests {
    @Test func leaseStreams() {
        assertSnapshot(of: .file("Streams/answer.jsonl"), as: .streamFrames())
        assertSnapshot(of: .file("Streams/answer.jsonl"), as: .streamManifest())
        assertSnapshot(of: .file("Streams/answer.jsonl"), as: .streamChecks())
    }

    /// A stream that does not render fails in its own words, at the assertion (run on purpose
    /// only: `BROKEN_STREAM=1`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BROKEN_STREAM"] != nil))
    func aStreamThatDoesNotRender() {
        assertSnapshot(of: .file("Streams/missing.jsonl"), as: .streamManifest())
    }

    /// Its record mode, set for a scope (which the environment's does not override), on a stream
    /// of its own that no change of the answer touches.
    @Test func recordModeForAScope() {
        withSnapshotTesting(record: .missing) {
            assertSnapshot(of: .text("مدة العقد سنة واحدة."), as: .streamFrames(moments: .final), named: "term")
        }
    }
}
