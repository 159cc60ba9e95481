public import Streamshot
public import StreamshotAnalysis
public import XCTest

/// `assertStreamSnapshot` in every cell of `matrix`: each cell renders with `options` and the
/// cell's device, text size, theme and client, and compares against its own references, in a
/// folder named after the cell (`iphone-se_AX3_dark/`, or `<name>-iphone-se_AX3_dark/`). A
/// failure names the cell.
///
///     assertStreamSnapshots(of: .file("Examples/ar-answer.md"),
///                           across: RenderMatrix(devices: [.iPhoneSE, .iPad11], textSizes: [.large, .accessibility3],
///                                                themes: [.light, .dark], scale: 1),
///                           frames: .final)
///
/// A device sets the viewport, safe area and its own scale; give the matrix `scale: 1` to keep
/// references small.
public func assertStreamSnapshots(
    of input: SnapshotInput, across matrix: RenderMatrix, options: RenderSettings = .snapshot, frames: FrameSelection = .final,
    tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite.current(fileID, filePath, function, line, column)
    for cell in matrix.cells(base: options) {
        SnapshotAssertion.snapshot(
            input, settings: .success(cell.settings), frames: frames, tolerance: tolerance, record: record,
            name: MatrixAssertion.name(name, cell), site: site.inCell(cell.name))
    }
}

/// `assertStreamChecks` in every cell of `matrix`; a failure names the cell.
public func assertStreamChecks(
    of input: SnapshotInput, across matrix: RenderMatrix, options: RenderSettings = .snapshot,
    thresholds: CheckThresholds = CheckThresholds(), skipping: [String: String] = [:], strict: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite.current(fileID, filePath, function, line, column)
    for cell in matrix.cells(base: options) {
        SnapshotAssertion.checks(
            input, settings: .success(cell.settings), thresholds: thresholds, skipping: skipping, strict: strict,
            site: site.inCell(cell.name))
    }
}

extension XCTestCase {
    /// The matrix form, as an XCTest method (the class names the references' folder).
    public func assertStreamSnapshots(
        of input: SnapshotInput, across matrix: RenderMatrix, options: RenderSettings = .snapshot, frames: FrameSelection = .final,
        tolerance: ImageTolerance = .exact, record: SnapshotRecordMode? = nil, named name: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = AssertionSite(
            identity: .xcTest(self, filePath: "\(filePath)", function: function), fileID: fileID,
            filePath: filePath, line: line, column: column)
        for cell in matrix.cells(base: options) {
            SnapshotAssertion.snapshot(
                input, settings: .success(cell.settings), frames: frames, tolerance: tolerance, record: record,
                name: MatrixAssertion.name(name, cell), site: site.inCell(cell.name))
        }
    }
}

enum MatrixAssertion {
    /// A cell's references folder: the cell's name, after the assertion's own when it has one.
    static func name(_ name: String?, _ cell: RenderMatrix.Cell) -> String {
        name.map { "\($0)-\(cell.name)" } ?? cell.name
    }
}
