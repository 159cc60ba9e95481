import Foundation
import Streamshot
import StreamshotGraphics
import Testing
@testable import StreamshotTesting

/// The testing library itself: record modes, failures with artifacts, tolerance.
@Suite struct StreamSnapshotTests {
    static let root = SnapshotLocation(filePath: #filePath, function: "x").packageRoot
    static let input = SnapshotInput.text("البند الأول: الأطراف.\n\nالبند الثاني: مدة العقد.", network: .steady)

    private func snapshot(_ record: SnapshotRecordMode, _ configure: (inout RenderOptions) -> Void = { _ in },
                          tolerance: ImageTolerance = .exact, in folder: String) -> StreamSnapshot {
        var options = RenderOptions.snapshot
        options.heightPt = 200
        configure(&options)
        return StreamSnapshot(options: options, tolerance: tolerance, record: record,
                              snapshotsDirectory: folder + "/Snapshots", artifactsDirectory: folder + "/artifacts")
    }

    private func temporary() -> String {
        NSTemporaryDirectory() + "streamshot-snapshot-tests-\(UUID().uuidString)"
    }

    @Test func recordThenCompareMatches() throws {
        let folder = temporary()
        #expect(try snapshot(.all, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root).isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/Snapshots/S/t").sorted()
        #expect(files.contains("manifest.txt"))
        #expect(files.filter { $0.hasSuffix(".png") }.count >= 3) // first text, each block opaque, final
        #expect(try snapshot(.never, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root).isEmpty)
    }

    @Test func aChangedOptionFailsWithExpectedActualAndDiff() throws {
        let folder = temporary()
        _ = try snapshot(.all, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        let failures = try snapshot(.never, { $0.client.alignment.textAlign = .left }, in: folder)
            .verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        #expect(!failures.isEmpty)
        let first = try #require(failures.first)
        #expect(first.hasPrefix("frame "))
        #expect(first.contains(" ms, "))
        #expect(first.contains("pixels differ"))
        let artifacts = try FileManager.default.contentsOfDirectory(atPath: folder + "/artifacts/S/t")
        #expect(artifacts.contains { $0.hasSuffix(".expected.png") })
        #expect(artifacts.contains { $0.hasSuffix(".actual.png") })
        #expect(artifacts.contains { $0.hasSuffix(".diff.png") })
        #expect(failures.contains { $0.hasPrefix("structure differs") && $0.contains("align=left") })
    }

    @Test func missingRecordsAndSaysSoNeverFails() throws {
        let folder = temporary()
        let never = try snapshot(.never, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        #expect(never.contains { $0.contains("no reference") && $0.contains("record mode never") })
        let missing = try snapshot(.missing, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        #expect(missing.count == 1)
        #expect(missing[0].hasPrefix("No reference for"))
        #expect(try snapshot(.missing, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root).isEmpty)
    }

    @Test func failedReRecordsOnlyWhatDiffers() throws {
        let folder = temporary()
        _ = try snapshot(.all, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        let dark: (inout RenderOptions) -> Void = { $0.theme = .dark }
        #expect(!(try snapshot(.failed, dark, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)).isEmpty)
        #expect(try snapshot(.never, dark, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root).isEmpty)
    }

    @Test func toleranceAcceptsSmallDifferences() throws {
        let folder = temporary()
        _ = try snapshot(.all, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        // The caret colour changes a few pixels only; structure is unchanged.
        let recolour: (inout RenderOptions) -> Void = { $0.theme.caret = Color(hex: 0xFF0000) }
        let exact = try snapshot(.never, recolour, in: folder).verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        #expect(!exact.isEmpty)
        let loose = try snapshot(.never, recolour, tolerance: ImageTolerance(perPixel: 0, maxDifferingShare: 0.01), in: folder)
            .verify(Self.input, suite: "S", test: "t", packageRoot: Self.root)
        #expect(loose.isEmpty)
    }

    @Test func theAssertionReportsToSwiftTesting() {
        withKnownIssue {
            assertStreamSnapshot(of: .text("x", network: .instant), record: .never, named: "does-not-exist")
        }
    }
}
