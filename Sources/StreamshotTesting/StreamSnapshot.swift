import Foundation
import StreamshotReview

/// Compares the moments of a rendered stream (and their structure) with one assertion's
/// references, records them as the mode says, and removes the ones no moment uses any more.
struct StreamSnapshot {
    var frames: FrameSelection = .keyFrames
    var tolerance: ImageTolerance = .exact
    var record: SnapshotRecordMode
    /// Also compare the structural snapshot (`manifest.txt`).
    var structural = true
    /// Who asserts: when given, a failing verify writes `failure.json` beside the artifacts for
    /// the run report.
    var assertion: AssertionDescription?

    /// - Throws: file-system errors writing references or artifacts.
    func verify(_ stream: RenderedStream, folder: ReferenceFolder, packageRoot: String) throws -> SnapshotOutcome {
        let moments = stream.moments
        let files = ReferenceFiles(folder: folder, record: record, tolerance: tolerance, packageRoot: packageRoot)
        let removedReport = try files.clearArtifacts()
        var outcome = SnapshotOutcome()
        if let removedReport {
            outcome.notes.append(
                "removed the run report \(files.shown(removedReport)): it showed this assertion's earlier failure; "
                    + "`streamshot report` writes it anew")
        }
        var recorded: [String] = []
        var results = try moments.map(files.compare)
        if structural {
            results.append(try files.compare(structure: StructuralSnapshot.text(moments, manifest: stream.header)))
        }
        for result in results {
            switch result {
            case .matched: break
            case .recorded(let file): recorded.append(file)
            case .failed(let failure): outcome.failures.append(failure)
            }
        }
        let place = files.shown(folder.path)
        let stale = files.stale(keeping: Set(moments.map { $0.name + ".png" } + (structural ? ["manifest.txt"] : [])))
        if !stale.isEmpty, record.removesStale {
            try files.remove(stale)
            outcome.notes.append(
                "removed \(stale.count) stale reference(s) from \(place) that no moment uses any more: \(stale.joined(separator: ", "))")
        } else if !stale.isEmpty {
            outcome.notes.append(
                "\(stale.count) reference(s) in \(place) that no moment uses any more: \(stale.joined(separator: ", ")); "
                    + "STREAMSHOT_RECORD=all removes them")
        }
        if record == .all {
            outcome.notes.append("recorded \(recorded.count) reference(s) in \(place): \(recorded.joined(separator: ", "))")
        } else if !recorded.isEmpty {
            outcome.failures.append(
                SnapshotFailure(
                    "no reference for \(recorded.joined(separator: ", ")) in \(place): recorded them now",
                    details: ["commit them with the test (git add \(place)); the next run compares with them"]))
        }
        if let assertion, !outcome.failures.isEmpty {
            let record = FailureRecord(failures: outcome.failures, moments: moments, timeline: stream.timeline, assertion: assertion)
            try FileManager.default.createDirectory(atPath: folder.artifacts, withIntermediateDirectories: true)
            try record.encoded().write(to: URL(fileURLWithPath: folder.artifacts + "/" + FailureRecord.fileName))
        }
        return outcome
    }
}
