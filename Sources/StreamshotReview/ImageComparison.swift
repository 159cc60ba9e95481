/// Pixel comparison of two RGB images of one size, and the diff picture people look at. Shared by
/// golden tests and `compare`.
public enum ImageComparison {
    public struct Result: Sendable {
        public var differing: Int
        public var total: Int
        public var maxChannelDifference: Int
        public var share: Double { total == 0 ? 0 : Double(differing) / Double(total) }
    }

    /// Counts pixels whose largest channel difference exceeds `perPixel`.
    public static func compare(expected: [UInt8], actual: [UInt8], perPixel: Int) -> Result {
        var differing = 0
        var maxDifference = 0
        let pixels = min(expected.count, actual.count) / 3
        expected.withUnsafeBufferPointer { e in
            actual.withUnsafeBufferPointer { a in
                for pixel in 0..<pixels {
                    let base = pixel * 3
                    let difference = max(
                        abs(Int(e[base]) - Int(a[base])), abs(Int(e[base + 1]) - Int(a[base + 1])),
                        abs(Int(e[base + 2]) - Int(a[base + 2])))
                    if difference > perPixel { differing += 1 }
                    maxDifference = max(maxDifference, difference)
                }
            }
        }
        return Result(differing: differing, total: pixels, maxChannelDifference: maxDifference)
    }

    /// The expected image faded toward white, with every differing pixel in magenta.
    public static func diffImage(expected: [UInt8], actual: [UInt8], perPixel: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected.count)
        for pixel in 0..<(expected.count / 3) {
            let base = pixel * 3
            let difference = max(
                abs(Int(expected[base]) - Int(actual[base])), abs(Int(expected[base + 1]) - Int(actual[base + 1])),
                abs(Int(expected[base + 2]) - Int(actual[base + 2])))
            if difference > perPixel {
                out[base] = 255
                out[base + 1] = 0
                out[base + 2] = 255
            } else {
                for channel in 0..<3 { out[base + channel] = UInt8(191 + Int(expected[base + channel]) / 4) }
            }
        }
        return out
    }
}
