import Foundation
public import StreamshotManifest

/// Frame cost statistics from a profiled render's manifest.
public struct ProfileReport: Codable, Equatable, Sendable {
    public struct StageStats: Codable, Equatable, Sendable {
        public var stage: String
        public var p50: Double
        public var p95: Double
        public var p99: Double
        public var max: Double
        public var total: Double
    }

    public var frames: Int
    /// Time to read and decode the input, once, before the first frame.
    public var inputDecodeMs: Double
    public var stages: [StageStats]
    /// Per-frame totals (all stages).
    public var frameTotal: StageStats
    public var framesOver60HzBudget: Int
    public var framesOver120HzBudget: Int
    /// Frames rendered per second of wall time.
    public var framesPerSecond: Double
    public var peakMemoryMB: Double
    /// Of the bands of rows the distinct frames are made of, the share reused from earlier frames
    /// (the others were compressed); nil when not known.
    public var bandReuse: Double?

    public static let budget60Hz = 1000.0 / 60
    public static let budget120Hz = 1000.0 / 120

    /// - Parameters:
    ///   - wallMs: the render's wall time, for frames per second.
    ///   - bands: bands of rows reused and compressed (`RenderResult`).
    public init(manifest: Manifest, inputDecodeMs: Double, wallMs: Double, peakMemoryMB: Double, bands: (reused: Int, compressed: Int)? = nil) {
        let costs = manifest.frames.map { $0.costMs ?? [:] }
        frames = costs.count
        self.inputDecodeMs = inputDecodeMs
        stages = Stage.allCases.map { stage in Self.stats(stage.rawValue, costs.map { $0[stage] ?? 0 }) }
        let totals = costs.map { $0.values.reduce(0, +) }
        frameTotal = Self.stats("frame", totals)
        framesOver60HzBudget = totals.filter { $0 > Self.budget60Hz }.count
        framesOver120HzBudget = totals.filter { $0 > Self.budget120Hz }.count
        framesPerSecond = wallMs > 0 ? Double(frames) / (wallMs / 1000) : 0
        self.peakMemoryMB = peakMemoryMB
        if let bands, bands.reused + bands.compressed > 0 { bandReuse = Double(bands.reused) / Double(bands.reused + bands.compressed) }
    }

    static func stats(_ stage: String, _ values: [Double]) -> StageStats {
        StageStats(
            stage: stage, p50: percentile(values, 0.5), p95: percentile(values, 0.95), p99: percentile(values, 0.99),
            max: values.max() ?? 0, total: values.reduce(0, +))
    }

    /// The table people read first.
    public var table: String {
        func cell(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        func row(_ name: String, _ values: [String]) -> String {
            name.padding(toLength: 8, withPad: " ", startingAt: 0) + values.map { cell($0, 11) }.joined()
        }
        func row(_ s: StageStats) -> String {
            row(s.stage, [s.p50, s.p95, s.p99, s.max].map { String(format: "%.3f", $0) } + [String(format: "%.1f", s.total)])
        }
        var lines = [row("stage", ["p50 ms", "p95 ms", "p99 ms", "max ms", "total ms"])]
        lines += stages.map(row)
        lines.append(row(frameTotal))
        lines.append(String(format: "input decoded once in %.1f ms", inputDecodeMs))
        lines.append("\(frames) frames; over the 16.7 ms (60 Hz) budget: \(framesOver60HzBudget); over 8.3 ms (120 Hz): \(framesOver120HzBudget)")
        lines.append(String(format: "%.1f frames/s; peak memory %.0f MB", framesPerSecond, peakMemoryMB))
        if let bandReuse {
            lines.append(String(format: "bands of rows: %.1f%% reused from earlier frames, the rest compressed", bandReuse * 100))
        }
        lines.append("damage, blit, paint and hash run on the main thread; compress and encode on worker threads, overlapping the next frames' work")
        return lines.joined(separator: "\n")
    }

    /// The process's peak resident memory so far, in MB: Linux's high-water mark for this
    /// program image (`VmHWM`), which starts afresh at exec; `getrusage` carries the peak of the
    /// process that spawned it across exec, so a large parent would show as our own.
    public static func peakResidentMemoryMB() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kilobytes / 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes
    }
}
