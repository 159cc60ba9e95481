import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// `check` says what it could not judge: the columns of a wide table that never came into view
/// on the device (nothing on a frame showed them, so no detector read them).
@Suite struct UnjudgedPartsTests {
    /// Twelve columns of case numbers, which never break inside: far wider than a phone.
    static let wide = "| " + (1...12).map { "Case \($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 12) + "\n"
        + (0..<3).map { row in "| " + (1...12).map { "RDC2026000\(row)\($0)" }.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"

    private func report(_ text: String) throws -> CheckReport {
        let manifest = try Fixtures.job(text).render(to: Fixtures.temporaryDirectory("unjudged"), writeFrames: false).manifest
        return Detector.check(manifest)
    }

    @Test func columnsNeverInViewAreNamed() throws {
        let report = try report(Self.wide)
        let notes = try #require(report.unjudged, "a six-column table of long tokens on a phone")
        #expect(notes.count == 1 && notes[0].contains("of 12 never in view") && notes[0].contains("not judged"), "\(notes)")
        let printed = CheckReportText.readable(report, manifestPath: "m.json")
        #expect(printed.contains("note not judged: table (block"), "\(printed)")
    }

    @Test func aTableInViewLeavesNothingUnjudged() throws {
        #expect(try report("| Term | Days |\n|---|---|\n| Notice | 60 |\n").unjudged == nil)
    }
}
