import Streamshot
import Testing

@testable import StreamshotCLI

/// `render`'s progress line: frames done, the rate, the time left.
@Suite struct ProgressBarTests {
    @Test func theLineSaysFramesRateAndTimeLeft() {
        #expect(ProgressBar.line(framesDone: 300, expected: 600, elapsedSeconds: 3) == "rendering: 300 of ~600 frames · 100 frames/s · ~3 s left")
        #expect(ProgressBar.line(framesDone: 650, expected: 600, elapsedSeconds: 5) == "rendering: 650 of ~600 frames · 130 frames/s · finishing")
        #expect(ProgressBar.line(framesDone: 40, expected: nil, elapsedSeconds: 2) == "rendering: 40 frames · 20 frames/s")
        #expect(ProgressBar.line(framesDone: 0, expected: 10, elapsedSeconds: 0) == "rendering: 0 of ~10 frames · 0 frames/s")
    }

    @Test func theExpectedFramesFollowTheLastEventOnTheFrameClock() {
        let transcript = Transcript(events: [StreamEvent(timeMs: 100, kind: .delta("x")), StreamEvent(timeMs: 2000, kind: .done)])
        #expect(ProgressBar.expectedFrames(transcript, options: RenderOptions()) == 121)
        #expect(ProgressBar.expectedFrames(Transcript(events: []), options: RenderOptions()) == nil)
    }
}
