public import Streamshot
public import StreamshotAnalysis

/// Renders `input` and compares its moments with the references in
/// `Snapshots/<test file>/<suite>/<test(arguments)>/` (and `<name>/` in it when named),
/// reporting each difference as a failure of the calling test — in Swift Testing or XCTest.
///
/// - Parameters:
///   - input: the stream: `.file("Examples/ar-lease.sse")`, `.text(…)`, `.transcript(…)`.
///   - options: the CLI's render options, by the same names (`RenderSettings`); by default
///     `.snapshot`, 390x640 points at scale 1.
///   - frames: the moments compared: `.keyFrames` (default), `.times([ms])`, `.final`,
///     `.everyNth(n)`, `.all`; `final` always.
///   - tolerance: `.exact` by default.
///   - record: `STREAMSHOT_RECORD` (missing, all, failed, never; any case) by default, else `missing`.
///   - name: keeps several assertions of one test apart: their references go to `<name>/`.
///   - fileID: the calling file (leave it out), where failures are reported.
///   - filePath: the calling file's path (leave it out): the package holding it is where
///     relative inputs are read and references go.
///   - function: the calling test (leave it out), which names its references' folder.
///   - line: the calling line (leave it out).
///   - column: the calling column (leave it out).
public func assertStreamSnapshot(
    of input: SnapshotInput, options: RenderSettings = .snapshot, frames: FrameSelection = .keyFrames,
    tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    SnapshotAssertion.snapshot(
        input, settings: .success(options), frames: frames, tolerance: tolerance, record: record, name: name,
        site: .current(fileID, filePath, function, line, column))
}

/// `assertStreamSnapshot(of:options:…)` with the options as the CLI takes them, from
/// `RenderSettings.snapshot`: `arguments: "--client haqq-mobile --network 3g --seed 4"`.
public func assertStreamSnapshot(
    of input: SnapshotInput, arguments: String, frames: FrameSelection = .keyFrames,
    tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    SnapshotAssertion.snapshot(
        input, settings: SnapshotAssertion.settings(arguments: arguments), frames: frames, tolerance: tolerance,
        record: record, name: name, site: .current(fileID, filePath, function, line, column))
}

/// Runs every detector over a render of `input` (shared with the test's snapshots of the same
/// input and options) and reports each failing rule.
///
/// - Parameters:
///   - input: the stream: `.file("Examples/ar-lease.sse")`, `.text(…)`, `.transcript(…)`.
///   - options: the CLI's render options, by the same names (`RenderSettings`); by default `.snapshot`.
///   - thresholds: the detectors' thresholds (`check`'s options).
///   - skipping: detectors not judged, by name, each with the reason, which the test's output
///     records: `["reveal-cadence": "batched client: bursts are its design"]`.
///   - strict: the render's warnings (a trace field ignored, an event skipped as malformed) fail
///     the test too, as `check --strict` does.
///   - fileID: the calling file (leave it out), where failures are reported.
///   - filePath: the calling file's path (leave it out): relative inputs are read from its package.
///   - function: the calling test (leave it out).
///   - line: the calling line (leave it out).
///   - column: the calling column (leave it out).
public func assertStreamChecks(
    of input: SnapshotInput, options: RenderSettings = .snapshot, thresholds: CheckThresholds = CheckThresholds(),
    skipping: [String: String] = [:], strict: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    SnapshotAssertion.checks(
        input, settings: .success(options), thresholds: thresholds, skipping: skipping, strict: strict,
        site: .current(fileID, filePath, function, line, column))
}

/// `assertStreamChecks(of:options:…)` with the options as the CLI takes them.
public func assertStreamChecks(
    of input: SnapshotInput, arguments: String, thresholds: CheckThresholds = CheckThresholds(),
    skipping: [String: String] = [:], strict: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    SnapshotAssertion.checks(
        input, settings: SnapshotAssertion.settings(arguments: arguments), thresholds: thresholds,
        skipping: skipping, strict: strict, site: .current(fileID, filePath, function, line, column))
}

extension AssertionSite {
    /// A free function's site: Swift Testing's test when one runs, else the file and function.
    static func current(
        _ fileID: StaticString, _ filePath: StaticString, _ function: String, _ line: UInt,
        _ column: UInt
    ) -> AssertionSite {
        AssertionSite(
            identity: .current(filePath: "\(filePath)", function: function), fileID: fileID, filePath: filePath,
            line: line, column: column)
    }
}
