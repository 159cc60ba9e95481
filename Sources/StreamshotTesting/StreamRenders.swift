import Foundation
package import Streamshot
package import StreamshotAnalysis

/// What the swift-snapshot-testing strategies (`StreamshotSnapshotTesting`) read of a stream:
/// its moments' PNGs, its structure and its checks — each from the render the library's own
/// assertions share, so a test that snapshots a stream three ways renders it once.
package enum StreamRenders {
    /// The chosen moments, in time order: their names (`first-text`, `section-1`, `final`) and PNGs.
    package static func moments(
        of input: SnapshotInput, settings: RenderSettings, selection: FrameSelection,
        packageRoot: String
    ) throws -> [(name: String, png: [UInt8])] {
        try RenderedStream.of(input, settings: settings, packageRoot: packageRoot, keeping: selection).moments.map { ($0.name, $0.png) }
    }

    /// The structural snapshot at the chosen moments (what `manifest.txt` holds for
    /// `assertStreamSnapshot`): directions, alignments, pitches, opacities, each line's edge.
    package static func structure(
        of input: SnapshotInput, settings: RenderSettings, selection: FrameSelection,
        packageRoot: String
    ) throws -> String {
        let stream = try RenderedStream.of(input, settings: settings, packageRoot: packageRoot, keeping: selection)
        return StructuralSnapshot.text(stream.moments, manifest: stream.header)
    }

    /// Every detector's verdict as `streamshot check` prints it, headed by `name`.
    package static func checks(
        of input: SnapshotInput, settings: RenderSettings, thresholds: CheckThresholds, name: String,
        packageRoot: String
    ) throws -> String {
        let report = try RenderedStream.of(input, settings: settings, packageRoot: packageRoot).check(thresholds: thresholds)
        return CheckReportText.readable(report, manifestPath: name) + "\n"
    }

    /// The folder holding `Package.swift` above `filePath` (a test file): relative inputs are read from it.
    package static func packageRoot(above filePath: String) -> String {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        return directory.path
    }
}
