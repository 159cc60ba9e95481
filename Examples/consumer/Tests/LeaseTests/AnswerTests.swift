import StreamshotTesting
import Testing

/// The lease answer as the reference client streams it on a phone: pictures of the moments a
/// reader notices (its first text, each section as it opens, the end) compared with the ones
/// committed in Snapshots/, and every detector's rule (direction, line height, no half words…).
@Test func theLeaseAnswerStreams() {
    assertStreamSnapshot(of: .file("Streams/lease.md"))
    assertStreamChecks(of: .file("Streams/lease.md"))
}
