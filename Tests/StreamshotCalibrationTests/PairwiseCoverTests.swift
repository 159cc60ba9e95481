import Testing

@testable import StreamshotCalibration

@Suite struct PairwiseCoverTests {
    /// Every value of every axis meets every value of every other axis, in far fewer rows than
    /// the product, and the same rows every time.
    @Test func everyPairIsCoveredOnce() {
        let sizes = [12, 6, 6, 3, 2, 6, 7]
        let rows = PairwiseCover.rows(sizes)
        for a in sizes.indices {
            for b in (a + 1)..<sizes.count {
                let met = Set(rows.map { [$0[a], $0[b]] })
                #expect(met.count == sizes[a] * sizes[b], "axes \(a) and \(b)")
            }
        }
        #expect(rows.count < 12 * 7 * 2, "\(rows.count) rows")
        #expect(rows == PairwiseCover.rows(sizes))
        #expect(rows.allSatisfy { row in row.indices.allSatisfy { (0..<sizes[$0]).contains(row[$0]) } })
    }
}
