public import Streamshot
public import StreamshotAnalysis
public import XCTest

/// The assertions as XCTest methods, so that the test's class names its references' folder
/// (`Snapshots/<file>/<class>/<method>/`): inside a test method, `assertStreamSnapshot(of:)`
/// finds these first. Parameters as the free functions'.
extension XCTestCase {
    public func assertStreamSnapshot(
        of input: SnapshotInput, options: RenderSettings = .snapshot, frames: FrameSelection = .keyFrames,
        tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        SnapshotAssertion.snapshot(
            input, settings: .success(options), frames: frames, tolerance: tolerance, record: record, name: name,
            site: site(fileID, filePath, function, line, column))
    }

    public func assertStreamSnapshot(
        of input: SnapshotInput, arguments: String, frames: FrameSelection = .keyFrames,
        tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        SnapshotAssertion.snapshot(
            input, settings: SnapshotAssertion.settings(arguments: arguments), frames: frames,
            tolerance: tolerance, record: record, name: name, site: site(fileID, filePath, function, line, column))
    }

    public func assertStreamChecks(
        of input: SnapshotInput, options: RenderSettings = .snapshot, thresholds: CheckThresholds = CheckThresholds(),
        skipping: [String: String] = [:], strict: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        SnapshotAssertion.checks(
            input, settings: .success(options), thresholds: thresholds, skipping: skipping, strict: strict,
            site: site(fileID, filePath, function, line, column))
    }

    public func assertStreamChecks(
        of input: SnapshotInput, arguments: String, thresholds: CheckThresholds = CheckThresholds(),
        skipping: [String: String] = [:], strict: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        SnapshotAssertion.checks(
            input, settings: SnapshotAssertion.settings(arguments: arguments), thresholds: thresholds,
            skipping: skipping, strict: strict, site: site(fileID, filePath, function, line, column))
    }

    private func site(
        _ fileID: StaticString, _ filePath: StaticString, _ function: String, _ line: UInt,
        _ column: UInt
    ) -> AssertionSite {
        AssertionSite(
            identity: .xcTest(self, filePath: "\(filePath)", function: function), fileID: fileID, filePath: filePath,
            line: line, column: column)
    }
}
