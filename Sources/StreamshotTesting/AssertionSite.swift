import Foundation
import Streamshot
import Testing
import XCTest

/// Where an assertion was written and which test runs it: where its references go, and where
/// its failures and notes are reported — to Swift Testing or XCTest, whichever is running.
struct AssertionSite {
    let identity: TestIdentity
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
    /// The matrix cell the assertion judges, when it is one: its failures name it.
    var cell: String?

    /// This site judging `cell` of a matrix.
    func inCell(_ cell: String) -> AssertionSite {
        var site = self
        site.cell = cell
        return site
    }

    /// The folder holding `Package.swift` above the test file.
    var packageRoot: String { StreamRenders.packageRoot(above: "\(filePath)") }

    /// Where failures' artifacts go: `$STREAMSHOT_ARTIFACTS`, else `.build/streamshot-artifacts` in the package.
    var artifactsDirectory: String {
        ProcessInfo.processInfo.environment["STREAMSHOT_ARTIFACTS"] ?? packageRoot + "/.build/streamshot-artifacts"
    }

    /// `LeaseTests.swift:12`.
    var place: String { "\(URL(fileURLWithPath: "\(filePath)").lastPathComponent):\(line)" }

    /// The command that re-records this test's references after an intended change.
    var acceptCommand: String { "STREAMSHOT_RECORD=failed swift test --filter '\(identity.filter)'" }

    /// Fails the test: the cause is the issue's title, the details follow it.
    func fail(_ failure: SnapshotFailure) {
        var failure = failure
        if let cell { failure.cause = "\(cell): \(failure.cause)" }
        GitHubReporting.report(failure, site: self)
        if Test.current != nil {
            // A comment, not an error: the issue reads as what is wrong, not "Caught error: …".
            Issue.record(Comment(rawValue: ([failure.cause] + failure.details).joined(separator: "\n")), sourceLocation: sourceLocation)
        } else {
            XCTFail(([failure.cause] + failure.details).joined(separator: "\n"), file: filePath, line: line)
        }
    }

    func fail(_ cause: String) { fail(SnapshotFailure(cause)) }

    /// Attaches the files directly in `folder` (not a named assertion's folder inside it) to the
    /// running Swift Testing test: `swift test --attachments-path DIR` keeps them, and a test
    /// report shows them beside the issue. XCTest on Linux has no attachments; its failure
    /// message names the files.
    func attach(filesIn folder: String) {
        guard Test.current != nil else { return }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for file in files {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + file
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            Attachment.record([UInt8](data), named: file, sourceLocation: sourceLocation)
        }
    }

    /// Says something without failing: a warning in Swift Testing, a line of output in XCTest.
    func note(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
        } else {
            print("\(place): streamshot: \(message)")
        }
    }

    private var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
