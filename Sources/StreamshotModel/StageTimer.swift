import Foundation

/// Measures wall time around pipeline stages when profiling. It only observes: nothing a stage
/// decides ever reads it, so a profiled render draws exactly what an unprofiled one does.
/// Stages may nest (pacing inside the client model): each is charged its own time only, so a
/// frame's stages add up to its cost.
package final class StageTimer {
    /// Milliseconds per stage for the frame being measured.
    package private(set) var current: [Stage: Double] = [:]
    /// Time spent in stages nested inside the one being measured.
    private var nestedMs = 0.0

    package init() {}

    /// Runs `body`, adding its duration, less that of the stages nested in it, to `stage`.
    @inline(__always)
    package func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let outerNestedMs = nestedMs
        nestedMs = 0
        defer {
            let elapsed = Self.milliseconds(since: start)
            current[stage, default: 0] += elapsed - nestedMs
            nestedMs = outerNestedMs + elapsed
        }
        return try body()
    }

    /// The finished frame's costs; starts the next frame.
    package func takeFrame() -> [Stage: Double] {
        defer { current = [:] }
        return current
    }

    /// Milliseconds since `start` (a `DispatchTime` uptime in nanoseconds).
    package static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}

extension Optional where Wrapped == StageTimer {
    /// Measures when profiling, runs `body` plainly otherwise.
    @inline(__always)
    package func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        switch self {
        case .some(let timer): return try timer.measure(stage, body)
        case .none: return try body()
        }
    }
}
