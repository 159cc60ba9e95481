import SnapshotTesting
import StreamshotSnapshotTesting
import StreamshotTesting
import XCTest

/// XCTest: the same strategies in a test case.
final class LegacyLeaseSnapshotTests: XCTestCase {
    func testStreams() {
        assertSnapshot(of: .file("Streams/answer.jsonl"), as: .streamFrames(moments: .final))
    }
}
