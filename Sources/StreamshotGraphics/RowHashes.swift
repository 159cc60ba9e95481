import CPangoCairo

/// A 128-bit content hash of a run of bytes (a row of pixels, or a band's row hashes).
public struct ContentHash: Hashable, Sendable {
    let first: UInt64
    let second: UInt64

    /// Stands for a row whose pixels are not known yet (never the hash of any bytes in practice).
    static let unknown = ContentHash(first: 0, second: 0)

    init(first: UInt64, second: UInt64) {
        self.first = first
        self.second = second
    }

    init(of bytes: UnsafeRawBufferPointer, seed: UInt64) {
        var out: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &out) { words in
            streamshot_hash128(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, seed,
                words.baseAddress!.assumingMemoryBound(to: UInt64.self))
        }
        (first, second) = out
    }
}

/// Rows of pixels in memory: where the first one starts, the bytes from one to the next, and
/// how their pixels are laid out.
public struct PixelRows {
    public enum Format: Sendable {
        /// Cairo's RGB24: native-endian 0x00RRGGBB words.
        case xrgb
        /// Packed 8-bit RGB.
        case rgb
    }

    public let base: UnsafeRawPointer
    public let stride: Int
    public let width: Int
    public let format: Format

    public init(base: UnsafeRawPointer, stride: Int, width: Int, format: Format) {
        self.base = base
        self.stride = stride
        self.width = width
        self.format = format
    }

    var bytesPerRow: Int { width * (format == .xrgb ? 4 : 3) }

    func row(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + index * stride, count: bytesPerRow)
    }
}

/// Every row's content hash for a picture that changes a little each frame: moved with the
/// picture when it scrolls and computed again only for the rows painted, so a frame's rows are
/// named without reading the ones that did not change.
public final class RowHashes {
    public private(set) var rows: [ContentHash]

    public init(height: Int) {
        rows = Array(repeating: .unknown, count: height)
    }

    /// The picture moved up by `count` rows (down when negative): row r now holds what row
    /// r + `count` held; rows that came into view are unknown until `update`.
    public func shift(by count: Int) {
        guard count != 0 else { return }
        let height = rows.count
        rows = (0..<height).map { row in
            let source = row + count
            return source >= 0 && source < height ? rows[source] : .unknown
        }
    }

    /// Hashes `ranges` of `pixels` again.
    /// - Returns: whether any of those rows differs from what it held before.
    @discardableResult
    public func update(_ ranges: [Range<Int>], from pixels: PixelRows) -> Bool {
        var changed = false
        let seed = UInt64(pixels.bytesPerRow)
        for range in ranges {
            for row in range.clamped(to: 0..<rows.count) {
                let hash = ContentHash(of: pixels.row(row), seed: seed)
                if hash != rows[row] {
                    rows[row] = hash
                    changed = true
                }
            }
        }
        return changed
    }
}
