#if SnapshotTesting
    import StreamshotGraphics

    /// A stream's moments side by side in one PNG, left to right in time order, a grey gap between
    /// them: one reference file per assertion, as swift-snapshot-testing keeps them, that still shows
    /// each moment whole. Its layout (the moments' names and width) is kept beside it, so a failure
    /// can say which moments differ.
    struct MomentStrip: Sendable, Equatable {
        struct Layout: Sendable, Equatable {
            var names: [String]
            var cellWidth: Int
            var width: Int { names.count * cellWidth + max(0, names.count - 1) * MomentStrip.gap }
        }

        static let gap = 8
        /// iOS's system grey: between cells, and below a shorter moment.
        private static let gapColor: [UInt8] = [0x8E, 0x8E, 0x93]

        var png: [UInt8]
        var layout: Layout

        /// - Throws: `GraphicsError` when a moment's PNG does not decode or the strip does not encode.
        init(_ moments: [(name: String, png: [UInt8])]) throws {
            let images = try moments.map { try PNGDecoder.decode($0.png) }
            let cellWidth = images.map(\.width).max() ?? 0
            let height = max(1, images.map(\.height).max() ?? 0)
            layout = Layout(names: moments.map(\.name), cellWidth: cellWidth)
            let width = max(1, layout.width)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for pixel in 0..<(width * height) { rgb.replaceSubrange((pixel * 3)..<(pixel * 3 + 3), with: Self.gapColor) }
            for (index, image) in images.enumerated() {
                let left = index * (cellWidth + Self.gap)
                for row in 0..<image.height {
                    let source = row * image.width * 3
                    let target = (row * width + left) * 3
                    rgb.replaceSubrange(target..<(target + image.width * 3), with: image.rgb[source..<(source + image.width * 3)])
                }
            }
            png = try PNGEncoder.encode(rgb: rgb, width: width, height: height)
        }

        /// The moments (by cell) whose pixels differ between two strips of this layout.
        static func differingMoments(_ layout: Layout, expected: [UInt8], actual: [UInt8], height: Int, perPixel: Int) -> [String] {
            let width = layout.width
            return layout.names.indices.filter { cell in
                let left = cell * (layout.cellWidth + gap)
                for row in 0..<height {
                    let start = (row * width + left) * 3
                    for offset in start..<(start + layout.cellWidth * 3) where abs(Int(expected[offset]) - Int(actual[offset])) > perPixel {
                        return true
                    }
                }
                return false
            }.map { layout.names[$0] }
        }
    }
#endif
