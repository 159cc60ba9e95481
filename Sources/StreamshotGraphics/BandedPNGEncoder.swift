/// A PNG encoder that compresses an image in bands of rows and reuses a band's compressed bytes
/// whenever the same rows come again (a scrolled frame's rows, a typing frame's unchanged ones):
/// a `BandStore` kept across the images it encodes, read through each image's row hashes (see
/// `PNGStream` for how bands make one file). The store changes speed and never bytes: the same
/// pixels make the same file whatever it held (tested).
public final class BandedPNGEncoder {
    private let store: BandStore

    public var bandRows: Int { store.bandRows }
    /// Bands taken from the store, and bands compressed.
    public var hits: Int { store.reused }
    public var misses: Int { store.compressed }
    /// Bands held for later images (at most `maxCachedBands`).
    public var heldBands: Int { store.held }

    public init(bandRows: Int = 16, maxCachedBands: Int = 1024) {
        store = BandStore(bandRows: bandRows, maxBands: maxCachedBands)
    }

    /// Encodes `width * height * 3` bytes of RGB, rows top to bottom.
    /// - Parameter offset: the page row the image's first row shows (its scroll): bands are cut
    ///   where the page is, as a render cuts them.
    /// - Throws: `GraphicsError` for a size that does not match or a zlib failure.
    public func encode(rgb: [UInt8], width: Int, height: Int, offset: Int = 0) throws -> [UInt8] {
        guard width > 0, height > 0, rgb.count == width * height * 3 else {
            throw GraphicsError("encode PNG", "expected \(width * height * 3) bytes of RGB, got \(rgb.count)")
        }
        let plan = rgb.withUnsafeBytes { bytes in
            let pixels = PixelRows(base: bytes.baseAddress!, stride: width * 3, width: width, format: .rgb)
            let hashes = RowHashes(height: height)
            hashes.update([0..<height], from: pixels)
            return store.plan(rowHashes: hashes.rows, pixels: pixels, height: height, offset: offset)
        }
        plan.compress()
        return try plan.assemble()
    }
}
