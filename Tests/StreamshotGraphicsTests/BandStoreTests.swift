import Testing

@testable import StreamshotGraphics

/// Bands cut where the page is: a picture scrolled by any number of rows keeps its inner bands'
/// bytes, and the file is the same whatever the store held.
@Suite struct BandStoreTests {
    @Test func bandsAreCutAtWholeMultiplesOnThePage() {
        let store = BandStore(bandRows: 16)
        #expect(store.bandRanges(height: 40, offset: 0) == [0..<16, 16..<32, 32..<40])
        #expect(store.bandRanges(height: 40, offset: 5) == [0..<11, 11..<27, 27..<40])
        #expect(store.bandRanges(height: 40, offset: -3) == [0..<3, 3..<19, 19..<35, 35..<40])
        #expect(store.bandRanges(height: 10, offset: 5) == [0..<10])
    }

    /// The PNG of `rgb` planned with `store` at page offset `offset`.
    static func png(_ rgb: [UInt8], offset: Int, store: BandStore, width: Int = 300, height: Int = 200) throws -> [UInt8] {
        let plan = rgb.withUnsafeBytes { bytes in
            let pixels = PixelRows(base: bytes.baseAddress!, stride: width * 3, width: width, format: .rgb)
            let hashes = RowHashes(height: height)
            hashes.update([0..<height], from: pixels)
            return store.plan(rowHashes: hashes.rows, pixels: pixels, height: height, offset: offset)
        }
        plan.compress()
        return try plan.assemble()
    }

    @Test func aPictureScrolledBySevenRowsReusesItsInnerBands() throws {
        let store = BandStore()
        _ = try Self.png(BandedPNGEncoderTests.page(), offset: 0, store: store)
        let scrolled = BandedPNGEncoderTests.page(shift: 7)
        let (reused, compressed) = (store.reused, store.compressed)
        let png = try Self.png(scrolled, offset: 7, store: store)
        // 200 rows from page row 7: a short first band, 11 whole ones, a short last one; the whole ones were seen.
        #expect(store.reused - reused >= 11 && store.compressed - compressed <= 2)
        #expect(try PNGDecoder.decode(png).rgb == scrolled)
        #expect(try Self.png(scrolled, offset: 7, store: BandStore()) == png)
    }
}
