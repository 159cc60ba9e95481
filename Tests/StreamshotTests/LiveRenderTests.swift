import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// A live input (a session's stream, arriving while it renders) makes frames as it arrives,
/// never ahead of what has arrived, and makes exactly the frames and manifest of a render of
/// the finished file.
@Suite struct LiveRenderTests {
    /// Renders `example` from its file, then live with its lines fed in chunks by another
    /// thread, and compares every frame's bytes and the manifest.
    private func compareLive(_ example: String, clientTrace: Bool, lineChunks: Int) throws {
        let path = TestSupport.examples.appendingPathComponent(example).path
        var settings = RenderSettings()
        settings.size = ViewportSize(width: 390, height: 500)
        settings.scale = 1
        settings.fonts = TestSupport.fontsDirectory
        settings.clientTrace = clientTrace
        let fromFile = try render(settings.job(input: .file(path)))

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let live = LiveInput(fileExtension: (path as NSString).pathExtension)
        let feeder = Thread {
            for start in stride(from: 0, to: lines.count, by: lineChunks) {
                let chunk = lines[start..<min(lines.count, start + lineChunks)].map { $0 + "\n" }.joined()
                live.append(Array(chunk.utf8))
                Thread.sleep(forTimeInterval: 0.002)
            }
            live.close()
        }
        feeder.start()
        let fromLive = try render(settings.job(input: .live(live)))

        #expect(fromLive.frames.count == fromFile.frames.count)
        #expect(fromLive.frames == fromFile.frames, "every live frame's PNG equals the file render's")
        let differs = zip(fromLive.manifest.split(separator: "\n"), fromFile.manifest.split(separator: "\n")).first { $0 != $1 }
        #expect(
            fromLive.manifest == fromFile.manifest,
            "first line that differs, live then file: \(differs.map { "\($0.0)\n\($0.1)" } ?? "(one is longer)")")
    }

    private func render(_ job: RenderJob) throws -> (frames: [[UInt8]], manifest: String) {
        var frames: [[UInt8]] = []
        let manifest = try job.render { _, png in frames.append(png) }
        return (frames, try manifest.jsonText())
    }

    @Test func aClientTraceArrivingLineByLineRendersTheFramesOfItsFile() throws {
        try compareLive("traces/good-client.jsonl", clientTrace: true, lineChunks: 1)
    }

    @Test func anSSECaptureArrivingInChunksRendersTheFramesOfItsFile() throws {
        try compareLive("en-ar-mixed.sse", clientTrace: false, lineChunks: 7)
    }

    /// While the input is open, the loop makes no frame at or after the last arrival's time:
    /// something later may still change it.
    @Test func framesWaitForWhatHasArrived() throws {
        let live = LiveInput(fileExtension: "jsonl")
        let head = """
            {"t": 0, "type": "start", "version": 1, "platform": "react-native", "layoutDirection": "ltr", "viewport": {"width": 200, "height": 200, "scale": 1}}
            {"t": 100, "type": "show", "append": "Hello "}
            {"t": 400, "type": "show", "append": "world"}

            """
        live.append(Array(head.utf8))
        var settings = RenderSettings()
        settings.fonts = TestSupport.fontsDirectory
        settings.clientTrace = true
        let job = try settings.job(input: .live(live))
        let times = Locked<[Double]>([])
        let renderer = Thread {
            _ = try? job.render { frame, _ in times.withLock { $0.append(frame.timeMs) } }
        }
        renderer.start()
        // The render goes as far as it may, then waits.
        var waited = 0
        while times.withLock({ $0.count }) < 24, waited < 30_000 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 10
        }
        Thread.sleep(forTimeInterval: 0.3)
        let beforeClose = times.withLock { $0 }
        #expect(!beforeClose.isEmpty, "frames are made while the input is open")
        #expect(beforeClose.allSatisfy { $0 < 400 }, "no frame at or after the last arrival (t=400) while more may come")
        #expect(beforeClose.count == 24, "every frame before t=400 is made (60 fps: 0 … 383 ms)")
        live.append(Array(#"{"t": 600, "type": "end", "kind": "done"}"#.utf8) + [10])
        live.close()
        while !renderer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(times.withLock { $0.count } > 36, "the rest follows once it is closed")
    }

    /// A cancelled live render stops waiting at once.
    @Test func stoppingTheInputEndsTheRender() throws {
        struct Cancelled: Error {}
        let live = LiveInput(fileExtension: "jsonl")
        live.append(Array(#"{"t": 0, "type": "show", "append": "Hi"}"#.utf8) + [10])
        var settings = RenderSettings()
        settings.fonts = TestSupport.fontsDirectory
        let job = try settings.job(input: .live(live))
        let outcome = Locked<(any Error)?>(nil)
        let renderer = Thread {
            do { _ = try job.render { _, _ in } } catch { outcome.withLock { $0 = error } }
        }
        renderer.start()
        Thread.sleep(forTimeInterval: 0.2)
        live.stop(Cancelled())
        var waited = 0
        while !renderer.isFinished, waited < 10_000 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 10
        }
        #expect(outcome.withLock { $0 } is Cancelled)
    }
}

/// A value two threads share.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}
