import StreamshotTesting
import XCTest

// XCTest: the class names the folder.
final class LegacyLeaseTests: XCTestCase {
    func testStreams() {
        assertStreamSnapshot(of: .file("Streams/answer.jsonl"), arguments: "--client cloude")
    }
}
