import Foundation
public import Streamshot
public import StreamshotAnalysis
import Testing
import XCTest

/// Renders `input` and compares its frames with the references in `Snapshots/<suite>/<test>/`
/// (suite: the test file's name; test: the test function's name), reporting each difference as
/// a failure of the calling test — in Swift Testing or XCTest.
///
/// - Parameters:
///   - input: the stream (`.file("Examples/ar-lease.sse")`, `.text(…)`, `.transcript(…)`).
///   - options: render options; `.snapshot` (390x640 pt at scale 1) by default.
///   - frames: `.keyFrames` by default, or `.everyNth`, `.times`, `.final`, `.all`.
///   - tolerance: `.exact` by default.
///   - record: `STREAMSHOT_RECORD` (missing/all/failed/never), else `missing`.
///   - name: a prefix for the reference files, for several assertions in one test.
public func assertStreamSnapshot(
    of input: SnapshotInput,
    options: RenderOptions = .snapshot,
    frames: FrameSelection = .keyFrames,
    tolerance: ImageTolerance = .exact,
    record: SnapshotRecordMode? = nil,
    named name: String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(filePath: "\(filePath)", function: function)
    let snapshot = StreamSnapshot(options: options, frames: frames, tolerance: tolerance, record: record ?? .fromEnvironment,
                                  snapshotsDirectory: location.packageRoot + "/Snapshots",
                                  artifactsDirectory: ProcessInfo.processInfo.environment["STREAMSHOT_ARTIFACTS"]
                                      ?? location.packageRoot + "/.build/streamshot-artifacts")
    let failures: [String]
    do {
        failures = try snapshot.verify(input, suite: location.suite, test: location.test, name: name, packageRoot: location.packageRoot)
    } catch {
        failures = ["could not render the stream: \(error)"]
    }
    for failure in failures {
        SnapshotFailure.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Runs the detectors over a render of `input` and reports every failing rule.
public func assertStreamChecks(
    of input: SnapshotInput,
    options: RenderOptions = .snapshot,
    thresholds: CheckThresholds = CheckThresholds(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(filePath: "\(filePath)", function: function)
    do {
        let manifest = try input.job(options: options, packageRoot: location.packageRoot).render { _, _ in }
        let report = Detector.check(manifest, thresholds: thresholds)
        for detector in report.detectors where !detector.passed {
            let listed = detector.findings.prefix(5).map { "frame \($0.frameIndex) (\(Int($0.timeMs)) ms): \($0.message)" }
            SnapshotFailure.report("\(detector.name) failed: " + listed.joined(separator: "; "), fileID: fileID, filePath: filePath, line: line, column: column)
        }
    } catch {
        SnapshotFailure.report("could not render the stream: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Where a test's references go.
struct SnapshotLocation {
    let packageRoot: String
    let suite: String
    let test: String

    init(filePath: String, function: String) {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        packageRoot = directory.path
        suite = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        test = String(function.prefix { $0 != "(" })
    }
}

/// Reports to whichever framework is running the test.
enum SnapshotFailure {
    static func report(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                        line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
