import Foundation
import Streamshot
import StreamshotAnalysis
import Testing

/// `check` says what it could not judge: the columns of a wide table that never came into view
/// on the device (nothing on a frame showed them, so no detector read them).
@Suite struct UnjudgedPartsTests {
    /// Twelve columns of case numbers, which never break inside: far wider than a phone.
    static let wide =
        "| " + (1...12).map { "Case \($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 12) + "\n"
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

    /// A column whose cells show only a sliver at the frame's edge, under the table's fade, was
    /// never read: it is named too (found by a reader of hidden renders, whose third column never
    /// showed more than 36 px under a 56 px fade).
    @Test func aColumnShownOnlyAsASliverIsNamed() throws {
        var manifest = try Fixtures.job(Self.wide).render(to: Fixtures.temporaryDirectory("unjudged"), writeFrames: false).manifest
        let before = try #require(Detector.check(manifest).unjudged?.first)
        let frame = try #require(manifest.frames.indices.last { manifest.frames[$0].blocks.contains { $0.kind == .table } })
        let block = try #require(manifest.frames[frame].blocks.firstIndex { $0.kind == .table })
        let shown = Set(manifest.frames.flatMap { $0.blocks.flatMap { $0.cells ?? [] }.map(\.column) })
        let hidden = try #require((0..<12).first { !shown.contains($0) })
        let edge = Double(manifest.viewport.width)
        let sliver = Frame.Cell(row: 0, column: hidden, direction: .ltr, x: edge - 30, y: 0, width: 200, height: 40)
        manifest.frames[frame].blocks[block].cells?.append(sliver)
        #expect(Detector.check(manifest).unjudged?.first == before, "a 30 px sliver is not a column in view")
        var whole = sliver
        whole.x = edge - 200
        manifest.frames[frame].blocks[block].cells?.append(whole)
        #expect(Detector.check(manifest).unjudged?.first != before, "a whole cell on the frame is")
    }

    @Test func aTableInViewLeavesNothingUnjudged() throws {
        #expect(try report("| Term | Days |\n|---|---|\n| Notice | 60 |\n").unjudged == nil)
    }
}
