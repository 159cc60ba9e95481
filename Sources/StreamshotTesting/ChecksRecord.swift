import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotReview

/// A failing `assertStreamChecks`'s record for the run report: its findings at their frames. Each
/// checks assertion has a folder of its own beside the test's snapshot artifacts
/// (`checks-line-12/`, and the matrix cell after it), and each run of it replaces or removes the record.
enum ChecksRecord {
    /// At most this many findings of a detector are listed, as the failure's message does.
    static let listedPerDetector = 5

    static func folder(for site: AssertionSite, in artifacts: String) -> String {
        let name = "checks-line-\(site.line)" + (site.cell.map { "-\($0)" } ?? "")
        return ReferenceFolder(identity: site.identity, name: name, snapshotsDirectory: "", artifactsDirectory: artifacts).artifacts
    }

    /// Writes the record of `failures`, or removes an earlier run's when there are none.
    /// - Parameters:
    ///   - findings: the failing detectors' findings, by detector name.
    ///   - artifacts: the artifacts folder (the site's, unless a test says otherwise).
    static func update(
        _ failures: [SnapshotFailure], findings: [(detector: String, finding: Finding)], timeline: StreamTimeline,
        site: AssertionSite, artifacts: String? = nil
    ) throws {
        let root = artifacts ?? site.artifactsDirectory
        let folder = folder(for: site, in: root)
        let path = folder + "/" + FailureRecord.fileName
        if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
            // The run report showed the earlier record: stale now (`streamshot report` writes it anew).
            let report = root + "/" + RunReport.defaultName
            if FileManager.default.fileExists(atPath: report) { try FileManager.default.removeItem(atPath: report) }
        }
        guard !failures.isEmpty else { return }
        let moments = findings.enumerated().sorted { ($0.element.finding.frameIndex, $0.offset) < ($1.element.finding.frameIndex, $1.offset) }
            .map {
                FailureRecord.Moment(
                    name: $0.element.detector, frame: $0.element.finding.frameIndex, timeMs: $0.element.finding.timeMs,
                    cause: $0.element.finding.message)
            }
        var detectors: [String] = []
        for item in findings where !detectors.contains(item.detector) { detectors.append(item.detector) }
        let accept =
            detectors.isEmpty
            ? "strict: false"
            : "skipping: [" + detectors.map { "\"\($0)\": \"why this client is right\"" }.joined(separator: ", ") + "]"
        let record = FailureRecord(
            kind: .checks, test: site.identity.description + (site.cell.map { " · \($0)" } ?? ""), place: site.place,
            message: failures.map { ([$0.cause] + $0.details).joined(separator: "\n") }.joined(separator: "\n\n"), acceptCommand: accept,
            moments: moments,
            firstDivergence: moments.first.map {
                .init(frame: $0.frame, timeMs: $0.timeMs, reason: "the first finding, \($0.name): \($0.cause ?? "")")
            },
            frameCount: timeline.frameCount, durationMs: timeline.durationMs)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try record.encoded().write(to: URL(fileURLWithPath: path))
    }
}
