#if SnapshotTesting
    import Foundation
    import SnapshotTesting
    import StreamshotGraphics
    import StreamshotReview
    import StreamshotTesting
    #if os(Linux) || os(Android) || os(Windows)
        import Testing
    #endif

    /// Streamshot's pixel comparison for a strip of moments: within the tolerance it matches; past
    /// it, the failure names the moments that differ and how many pixels, and carries the expected,
    /// actual and diff PNGs (changed pixels in magenta over a faded expected).
    enum StreamFramesDiffing {
        /// - Parameter layout: the layout of the strip last made for this assertion (its moments' names).
        static func diffing(tolerance: ImageTolerance, layout: @escaping @Sendable () -> MomentStrip.Layout?) -> Diffing<Data> {
            .diff(toData: { $0 }, fromData: { $0 }) { expected, actual in
                guard expected != actual else { return nil }
                let (message, diff) = difference(expected: [UInt8](expected), actual: [UInt8](actual), tolerance: tolerance, layout: layout())
                guard let message else { return nil }
                var attachments: [(Data, String)] = [(expected, "stream-frames.expected.png"), (actual, "stream-frames.actual.png")]
                if let diff { attachments.append((Data(diff), "stream-frames.diff.png")) }
                attachToSwiftTesting(attachments)
                return (message, attachments.map { DiffAttachment.data($0.0, name: $0.1) })
            }
        }

        /// Why the strips differ (nil: within the tolerance), and the diff image when their sizes agree.
        private static func difference(
            expected: [UInt8], actual: [UInt8], tolerance: ImageTolerance,
            layout: MomentStrip.Layout?
        ) -> (String?, [UInt8]?) {
            guard let e = try? PNGDecoder.decode(expected) else { return ("the reference is not a PNG", nil) }
            guard let a = try? PNGDecoder.decode(actual) else {
                return ("the stream did not render: \(String(decoding: actual, as: UTF8.self))", nil)
            }
            let names = layout.map { " (" + $0.names.joined(separator: ", ") + ")" } ?? ""
            guard e.width == a.width, e.height == a.height else {
                return (
                    "the moments are \(a.width)x\(a.height) px\(names), the reference \(e.width)x\(e.height): a moment came or went, "
                        + "or the frame size changed (.streamManifest names the moments)", nil
                )
            }
            let result = ImageComparison.compare(expected: e.rgb, actual: a.rgb, perPixel: tolerance.perPixel)
            if result.differing == 0 || (tolerance != .exact && result.share <= tolerance.maxDifferingShare) { return (nil, nil) }
            let moments = layout.flatMap { $0.width == a.width ? $0 : nil }.map {
                MomentStrip.differingMoments($0, expected: e.rgb, actual: a.rgb, height: a.height, perPixel: tolerance.perPixel)
            }
            let which = moments.map { "moments that differ: \($0.joined(separator: ", ")); " } ?? ""
            let message =
                which
                + String(
                    format: "%d of %d pixels differ (%.3f%%, largest channel difference %d)",
                    result.differing, result.total, result.share * 100, result.maxChannelDifference)
            let diff = try? PNGEncoder.encode(
                rgb: ImageComparison.diffImage(expected: e.rgb, actual: a.rgb, perPixel: tolerance.perPixel),
                width: a.width, height: a.height)
            return (message, diff)
        }

        /// swift-snapshot-testing attaches a diff's files to the test under Xcode only; elsewhere they
        /// go to the running Swift Testing test here, so `swift test --attachments-path` keeps them.
        private static func attachToSwiftTesting(_ files: [(Data, String)]) {
            #if os(Linux) || os(Android) || os(Windows)
                guard Test.current != nil else { return }
                for (data, name) in files { Attachment.record([UInt8](data), named: name) }
            #endif
        }
    }
#endif
