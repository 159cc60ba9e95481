import Foundation

/// The steps of a frame whose cost `profile` measures, in pipeline order.
public enum Stage: String, Codable, CaseIterable, Sendable, CodingKeyRepresentable {
    /// Network events applied at the frame time.
    case input
    /// The display buffer's step (inside the client model).
    case pacing
    /// Incremental Markdown (inside the client model).
    case parse
    case layout
    /// Cairo, plus copying the pixels out.
    case paint
    /// libspng, on worker threads.
    case encode
    /// Handing the frame on (writing its file).
    case write
}

/// Measures wall time around pipeline stages when profiling. It only observes: nothing a stage
/// decides ever reads it, so a profiled render draws exactly what an unprofiled one does.
public final class StageTimer {
    /// Milliseconds per stage for the frame being measured.
    private(set) var current: [Stage: Double] = [:]

    public init() {}

    /// Runs `body`, adding its duration to `stage`.
    @inline(__always)
    func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { current[stage, default: 0] += Self.milliseconds(since: start) }
        return try body()
    }

    /// The finished frame's costs; starts the next frame.
    func takeFrame() -> [Stage: Double] {
        defer { current = [:] }
        return current
    }

    /// Milliseconds since `start` (a `DispatchTime` uptime in nanoseconds).
    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}

extension Optional where Wrapped == StageTimer {
    /// Measures when profiling, runs `body` plainly otherwise.
    @inline(__always)
    func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        switch self {
        case .some(let timer): return try timer.measure(stage, body)
        case .none: return try body()
        }
    }
}
