import Foundation

/// The steps of a frame whose cost `profile` measures, in pipeline order.
public enum Stage: String, Codable, CaseIterable, Sendable, CodingKeyRepresentable {
    /// Network events applied at the frame time.
    case input
    /// The client model's decisions, apart from its pacing and parse steps.
    case client
    /// The display buffer's step (inside the client model).
    case pacing
    /// Incremental Markdown (inside the client model).
    case parse
    case layout
    /// Comparing the frame's display list with the previous frame's: which rows to paint.
    case damage
    /// Moving the previous frame's pixels by the change in scroll (whole rows).
    case blit
    /// Cairo, on the damaged rows.
    case paint
    /// Hashing the painted rows, naming the frame's bands and copying out the rows of bands not
    /// seen before (on the main thread).
    case hash
    /// Deflating the bands not seen before (on worker threads).
    case compress
    /// Stitching the bands into the PNG (on worker threads).
    case encode
    /// Handing the frame on (writing its file).
    case write
}

/// Measures wall time around pipeline stages when profiling. It only observes: nothing a stage
/// decides ever reads it, so a profiled render draws exactly what an unprofiled one does.
/// Stages may nest (pacing inside the client model): each is charged its own time only, so a
/// frame's stages add up to its cost.
final class StageTimer {
    /// Milliseconds per stage for the frame being measured.
    private(set) var current: [Stage: Double] = [:]
    /// Time spent in stages nested inside the one being measured.
    private var nestedMs = 0.0

    /// Runs `body`, adding its duration, less that of the stages nested in it, to `stage`.
    @inline(__always)
    func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
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
