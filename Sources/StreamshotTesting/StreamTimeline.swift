import Streamshot

/// What a failure record needs of the whole stream, gathered as its frames are made (a test
/// holds no frame records): how many frames and how long, and the frames at which more text is
/// shown than ever before.
struct StreamTimeline: Sendable {
    private(set) var frameCount = 0
    private(set) var durationMs = 0.0
    /// The frames whose revealed text is longer than any before, in order.
    private var reveals: [(frame: Int, timeMs: Double, revealedChars: Int)] = []

    mutating func note(_ frame: Frame) {
        frameCount += 1
        durationMs = frame.timeMs
        if frame.revealedChars > (reveals.last?.revealedChars ?? 0) { reveals.append((frame.index, frame.timeMs, frame.revealedChars)) }
    }

    /// The first frame that shows more than `chars` characters.
    func firstFrame(showingMoreThan chars: Int) -> (frame: Int, timeMs: Double)? {
        reveals.first { $0.revealedChars > chars }.map { ($0.frame, $0.timeMs) }
    }
}
