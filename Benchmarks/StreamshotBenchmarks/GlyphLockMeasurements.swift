import Foundation
import Streamshot
import StreamshotGraphics

/// What the glyph lock costs (`GlyphWork`: one thread at a time in cairo's font code, which keeps
/// cairo 1.16's glyph cache from deadlocking two renders): renders made side by side, one per core
/// (as `serve --workers` and a matrix make them), frames per second with the lock against without
/// it, alternated in one run. Measured first in a full run: without the lock, a process whose
/// glyph cache has overflowed (past 512 pages) can deadlock, and these renders alone stay far below.
enum GlyphLockMeasurements {
    static func run() throws -> [Ratio] {
        let inputs = ["ar-lease.md", "en-answer.md", "ar-code.md", "fa-github-extras.md"].map {
            Workloads.fixedRate(Workloads.example($0), charsPerFrame: 40)
        }
        let threads = ProcessInfo.processInfo.activeProcessorCount
        _ = try framesPerSecond(inputs, threads: threads, serialized: true)  // fonts and caches warm
        var with: [Double] = []
        var without: [Double] = []
        for _ in 0..<3 {
            without.append(try framesPerSecond(inputs, threads: threads, serialized: false))
            with.append(try framesPerSecond(inputs, threads: threads, serialized: true))
        }
        let locked = with.sorted()[1]
        let free = without.sorted()[1]
        return [Ratio(name: "glyph lock: frames/s of \(threads) renders side by side, locked / unlocked", value: locked / free,
                      target: ">= 0.85x", met: locked / free >= 0.85,
                      detail: String(format: "%.0f vs %.0f frames/s (medians of 3; four examples each, encoded, not written)", locked, free))]
    }

    /// Frames per second over `threads` threads, each rendering every input (from a different one)
    /// with a renderer of its own, the lock on or off.
    private static func framesPerSecond(_ inputs: [Transcript], threads: Int, serialized: Bool) throws -> Double {
        GlyphWork.isSerialized = serialized
        defer { GlyphWork.isSerialized = true }
        // One renderer per thread, each used by its thread alone.
        nonisolated(unsafe) let renderers = try (0..<threads).map { _ in try Renderer(fontsDirectory: Workloads.fonts) }
        let options = {
            var options = Workloads.phoneOptions()
            options.encoderThreads = 1
            return options
        }()
        let frames = Counter()
        let start = now()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in inputs.indices {
                let input = inputs[(thread + step) % inputs.count]
                do { frames.add(try renderers[thread].render(input, options: options) { _, _ in }.frames.count) } catch {
                    frames.fail(error)
                }
            }
        }
        if let error = frames.error { throw error }
        return Double(frames.value) / ((now() - start) / 1000)
    }
}

/// A count threads add to, and the first error one of them met.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var firstError: (any Error)?
    var value: Int { lock.withLock { count } }
    var error: (any Error)? { lock.withLock { firstError } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
    func fail(_ error: any Error) { lock.withLock { firstError = firstError ?? error } }
}
