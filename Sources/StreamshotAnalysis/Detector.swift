public import Streamshot

/// A check over a render, computed from the manifest. A value, so detectors can be listed,
/// documented and run the same way by `check` and by the testing library.
public struct Detector: Sendable {
    public let name: String
    /// The formula, as the README documents it.
    public let formula: String
    let run: @Sendable (Manifest, CheckThresholds) -> (findings: [Finding], score: Double?, passed: Bool)

    public static let all: [Detector] = [.directionFlip, .layoutShift, .revealCadence, .lineHeight, .alignment, .drawnText]

    /// Runs every detector.
    public static func check(_ manifest: Manifest, thresholds: CheckThresholds = CheckThresholds()) -> CheckReport {
        CheckReport(thresholds: thresholds, detectors: all.map { detector in
            let result = detector.run(manifest, thresholds)
            return CheckReport.DetectorResult(name: detector.name, formula: detector.formula, passed: result.passed,
                                              findings: result.findings, score: result.score)
        })
    }
}

extension Manifest {
    /// Consecutive frame pairs.
    var framePairs: Zip2Sequence<ArraySlice<Frame>, ArraySlice<Frame>> { zip(frames.dropLast(), frames.dropFirst()) }

    func block(_ id: Int) -> Manifest.Block? { blocks.first { $0.id == id } }

    /// One frame's duration; 0 for a manifest built in memory with no usable fps (the reader
    /// rejects those), so no detector divides by zero.
    var frameMs: Double { fps.isFinite && fps > 0 ? 1000 / fps : 0 }
}

extension Frame {
    func block(_ id: Int) -> Frame.Block? { blocks.first { $0.id == id } }
}
