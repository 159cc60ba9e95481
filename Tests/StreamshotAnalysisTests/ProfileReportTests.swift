import Streamshot
import StreamshotAnalysis
import Testing

@Suite struct ProfileReportTests {
    @Test func theReportSummarisesEveryStage() throws {
        var options = Fixtures.smallOptions()
        options.heightPt = 300
        let manifest = try Fixtures.job(Fixtures.example("en-ar-mixed.md"), options: options).render(profile: true) { _, _ in }
        let report = ProfileReport(manifest: manifest, inputDecodeMs: 1, wallMs: 1000, peakMemoryMB: ProfileReport.peakResidentMemoryMB())
        #expect(report.frames == manifest.frames.count)
        #expect(report.stages.map(\.stage) == Stage.allCases.map(\.rawValue))
        #expect(report.frameTotal.p50 <= report.frameTotal.p95 && report.frameTotal.p95 <= report.frameTotal.max)
        let paint = try #require(report.stages.first { $0.stage == "paint" })
        let paintTotal = manifest.frames.compactMap { $0.costMs?[.paint] }.reduce(0, +)
        #expect(abs(paint.total - paintTotal) < 1e-9)
        #expect(report.peakMemoryMB > 1)
        #expect(report.table.contains("frames; over the 16.7 ms (60 Hz) budget"))
    }

    @Test func percentilesAreNearestRank() {
        #expect(percentile([], 0.5) == 0)
        #expect(percentile([5, 1, 3], 0.5) == 3)
        #expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10)
        #expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0) == 1)
    }
}
