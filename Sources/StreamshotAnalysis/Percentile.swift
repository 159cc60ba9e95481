/// The one percentile rule of reports, plots and benchmarks: the nearest-rank value of the
/// sorted samples, `p` in 0...1; 0 for no samples.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
}
