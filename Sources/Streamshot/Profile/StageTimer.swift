import Foundation

/// Measures wall time around pipeline stages when profiling. It only observes: nothing a stage
/// decides ever reads it, so a profiled render draws exactly what an unprofiled one does.
public final class StageTimer {
    /// The stages, in pipeline order.
    public static let stages = ["input", "pacing", "parse", "layout", "paint", "encode", "write"]

    /// Milliseconds per stage for the frame being measured.
    private(set) var current: [String: Double] = [:]

    public init() {}

    /// Runs `body`, adding its duration to `stage`.
    @inline(__always)
    func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { current[stage, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
        return try body()
    }

    /// The finished frame's costs; starts the next frame.
    func takeFrame() -> [String: Double] {
        defer { current = [:] }
        return current
    }
}

extension Optional where Wrapped == StageTimer {
    /// Measures when profiling, runs `body` plainly otherwise.
    @inline(__always)
    func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        switch self {
        case .some(let timer): return try timer.measure(stage, body)
        case .none: return try body()
        }
    }
}
