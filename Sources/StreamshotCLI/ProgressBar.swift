import Foundation
import Streamshot

/// `render` and `profile`'s progress on a terminal: frames done, frames per second and the time
/// left, on one line redrawn at most ten times a second; nothing at all when standard error is
/// not a terminal (CI logs, pipes). Wall time is measured here only to be shown.
final class ProgressBar {
    private let expectedFrames: Int?
    private let verb: String
    private let unit: String
    private let enabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?

    /// - Parameters:
    ///   - verb: what is going on (`rendering`, `comparing`); `unit`: what is counted.
    init(expectedFrames: Int?, verb: String = "rendering", unit: String = "frames", enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.expectedFrames = expectedFrames
        self.verb = verb
        self.unit = unit
        self.enabled = enabled
        start = clock.now
    }

    /// The frames a render of `transcript` will make, about: its last event's time on the frame
    /// clock (the display buffer's backlog and the final hold add a little).
    static func expectedFrames(_ transcript: Transcript, options: RenderOptions) -> Int? {
        guard let last = transcript.events.map(\.timeMs).max(), last > 0 else { return nil }
        return Int((last / options.frameMs).rounded(.up)) + 1
    }

    func update(framesDone: Int) {
        guard enabled else { return }
        let now = clock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        draw(Self.line(framesDone: framesDone, expected: expectedFrames, elapsedSeconds: seconds(now - start), verb: verb, unit: unit))
    }

    /// Clears the line, so the command's own summary follows on a clean one.
    func finish() {
        guard enabled, lastDrawn != nil else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// `rendering: 312 of ~520 frames · 98 frames/s · ~2 s left`.
    static func line(framesDone: Int, expected: Int?, elapsedSeconds: Double, verb: String = "rendering", unit: String = "frames") -> String {
        let rate = elapsedSeconds > 0 ? Double(framesDone) / elapsedSeconds : 0
        var parts = ["\(verb): \(framesDone)" + (expected.map { " of ~\($0)" } ?? "") + " \(unit)", "\(Int(rate.rounded())) \(unit)/s"]
        if let expected, rate > 0 {
            let left = Double(max(0, expected - framesDone)) / rate
            parts.append(framesDone >= expected ? "finishing" : "~\(Int(left.rounded(.up))) s left")
        }
        return parts.joined(separator: " · ")
    }

    private func draw(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
