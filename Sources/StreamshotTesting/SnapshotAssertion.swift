import Foundation
import Streamshot
import StreamshotAnalysis

/// What every assertion does, whichever form it was called in.
enum SnapshotAssertion {
    /// Settings from CLI-style arguments, starting from `RenderSettings.snapshot`.
    static func settings(arguments: String) -> Result<RenderSettings, InputError> {
        Result {
            var settings = RenderSettings.snapshot
            try settings.apply(arguments: RenderSettings.split(arguments))
            return settings
        }.mapError { $0 as? InputError ?? InputError("\($0)") }
    }

    static func snapshot(
        _ input: SnapshotInput, settings: Result<RenderSettings, InputError>, frames: FrameSelection,
        tolerance: ImageTolerance, record: SnapshotRecordMode?, name: String?, site: AssertionSite
    ) {
        let mode: SnapshotRecordMode
        do {
            mode = try record ?? SnapshotRecordMode.fromEnvironment()
        } catch {
            return site.fail("\(error)")
        }
        if site.identity.isIndistinctCase, name == nil {
            return site.fail("the cases of this parameterised test cannot be told apart: name the assertion after its arguments (named: \"…\")")
        }
        let root = site.packageRoot
        let folder = ReferenceFolder(
            identity: site.identity, name: name, snapshotsDirectory: root + "/Snapshots",
            artifactsDirectory: site.artifactsDirectory)
        if let collision = ReferenceClaims.claim(folder.path, by: site.identity, at: site.place, named: name != nil) {
            return site.fail(collision)
        }
        guard let stream = render(input, settings: settings, keeping: frames, site: site) else { return }
        do {
            let assertion = AssertionDescription(
                test: site.identity.description + (name.map { " · \($0)" } ?? ""), place: site.place,
                acceptCommand: site.acceptCommand)
            let outcome = try StreamSnapshot(frames: frames, tolerance: tolerance, record: mode, assertion: assertion)
                .verify(stream, folder: folder, packageRoot: root)
            // One issue for the assertion, whatever the moments that differ: a reviewer reads it in one place.
            if let failure = SnapshotFailure.combined(outcome.failures, hint: assertion.hint) {
                site.attach(filesIn: folder.artifacts)
                site.fail(failure)
            }
            outcome.notes.forEach(site.note)
        } catch {
            site.fail("could not write the references or artifacts: \(error)")
        }
    }

    static func checks(
        _ input: SnapshotInput, settings: Result<RenderSettings, InputError>, thresholds: CheckThresholds,
        skipping: [String: String], strict: Bool = false, site: AssertionSite
    ) {
        let known = Detector.all.map(\.name)
        for name in skipping.keys.sorted() where !known.contains(name) {
            return site.fail("skipping \(name): no such detector; the detectors are \(known.joined(separator: ", "))")
        }
        guard let stream = render(input, settings: settings, site: site) else { return }
        let report: CheckReport
        do {
            report = try stream.check(thresholds: thresholds, strict: strict)
        } catch {
            return site.fail("could not read the render's frames back: \(error)")
        }
        var failures: [SnapshotFailure] = []
        var findings: [(detector: String, finding: Finding)] = []
        if report.failsOnWarnings {
            let listed = report.warnings.prefix(5).map { "\($0.kind.rawValue): \($0.message)" }
            failures.append(
                SnapshotFailure(
                    "strict: the render has \(report.warnings.count) warning(s): \(listed[0])",
                    details: Array(listed.dropFirst()) + (report.warnings.count > 5 ? ["… \(report.warnings.count - 5) more"] : [])))
        }
        for detector in report.detectors {
            if let reason = skipping[detector.name] {
                site.note("\(detector.name) not judged (\(detector.passed ? "it passes" : "it fails")): \(reason)")
            } else if !detector.passed {
                failures.append(Self.failure(detector))
                findings += detector.findings.prefix(ChecksRecord.listedPerDetector).map { (detector.name, $0) }
            }
        }
        do {
            try ChecksRecord.update(failures, findings: findings, timeline: stream.timeline, site: site)
        } catch {
            site.note("could not write the failure record for the run report: \(error)")
        }
        if !failures.isEmpty { site.attach(filesIn: ChecksRecord.folder(for: site, in: site.artifactsDirectory)) }
        for failure in failures { site.fail(failure) }
    }

    /// The shared render, or nil after failing the test with what was wrong with the options or the input.
    private static func render(
        _ input: SnapshotInput, settings: Result<RenderSettings, InputError>, keeping selection: FrameSelection? = nil,
        site: AssertionSite
    ) -> RenderedStream? {
        do {
            return try RenderedStream.of(input, settings: try settings.get(), packageRoot: site.packageRoot, keeping: selection)
        } catch let error as InputError {
            site.fail("could not render the stream: \(error.message)")
        } catch {
            site.fail("could not render the stream: \(error)")
        }
        return nil
    }

    /// A detector's failure: its first finding as the cause, the first five and the rule as details.
    private static func failure(_ detector: CheckReport.DetectorResult) -> SnapshotFailure {
        let listed = detector.findings.prefix(5).map { "frame \($0.frameIndex) (\(Int($0.timeMs)) ms): \($0.message)" }
        return SnapshotFailure(
            "\(detector.name) failed: \(listed.first ?? "no finding")",
            details: Array(listed.dropFirst()) + (detector.findings.count > 5 ? ["… \(detector.findings.count - 5) more"] : [])
                + ["rule: \(detector.formula)"])
    }
}
