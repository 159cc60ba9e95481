import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotGraphics

/// The peer benchmark's two streams (`chromium_peer.py`) rendered as `streamshot render` renders
/// them: the lease, which types on one screen, and a 20 KB Arabic answer, which scrolls through
/// most of its frames. Issue 33 asks both to keep files within 1.3x libspng's, and asks what a
/// scrolling frame costs: its encoder stages, and deflating its new bands among them.
enum PeerStreamMeasurements {
    static func run() throws -> [Ratio] {
        let document = NSTemporaryDirectory() + "streamshot-bench-peer-20kb.md"
        try Workloads.arabicDocument(bytes: 20 * 1024).write(toFile: document, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: document) }
        let typing = try measure(Workloads.root + "/Examples/ar-lease.sse")
        let scrolling = try measure(document)
        return [typing.size("typing (the lease)"), scrolling.size("scrolling (a 20 KB answer)"),
                scrolling.compressShare("scrolling", scrolled: true), typing.compressShare("typing", scrolled: false)]
    }

    /// Sizes of sampled distinct frames against libspng's for the same pixels, and the stages of
    /// the render's frames that scrolled (or, for a stream that does not scroll, of all of them).
    struct Stream {
        var frames = 0, sampled = 0, ours = 0, spng = 0
        /// Stages of the encoded frames, and whether each scrolled.
        var costs: [(scrolled: Bool, cost: [Stage: Double])] = []

        func size(_ label: String) -> Ratio {
            let ratio = Double(ours) / Double(max(1, spng))
            return Ratio(name: "peer stream size: frames rendered / libspng (level 1), \(label)", value: ratio, target: "<= 1.3", met: ratio <= 1.3,
                         detail: String(format: "%.0f KB vs %.0f KB a frame over %d sampled distinct frames of %d",
                                        Double(ours) / Double(max(1, sampled)) / 1024, Double(spng) / Double(max(1, sampled)) / 1024, sampled, frames))
        }

        /// Deflating new bands as a share of a frame's stages (main thread and workers, as
        /// `streamshot profile` counts them), over the encoded frames that scrolled (or did not).
        func compressShare(_ label: String, scrolled: Bool) -> Ratio {
            let costs = self.costs.filter { $0.scrolled == scrolled }.map(\.cost)
            let total = costs.reduce(0) { $0 + $1.values.reduce(0, +) }
            let compress = costs.reduce(0) { $0 + ($1[.compress] ?? 0) }
            let per = { (stage: Stage) in costs.reduce(0) { $0 + ($1[stage] ?? 0) } / Double(max(1, costs.count)) }
            return Ratio(name: "  \(label) frame: share of its stages spent deflating new bands", value: compress / max(total, 1e-9), target: "report",
                         met: true, detail: String(format: "%d encoded frames; mean ms: compress %.2f, hash %.2f, stitch %.2f, " +
                                                           "write %.2f, paint %.2f, all %.2f",
                                                   costs.count, per(.compress), per(.hash), per(.encode), per(.write), per(.paint),
                                                   total / Double(max(1, costs.count))))
        }
    }

    /// Renders `path` with the CLI's defaults (profiled, frames handed over rather than written),
    /// keeping every 8th distinct frame (at most 80) to re-encode with libspng once the render is
    /// timed.
    static func measure(_ path: String) throws -> Stream {
        var settings = try RenderSettings(arguments: "")
        settings.fonts = Workloads.fonts
        let job = try settings.job(input: .file(path))
        var stream = Stream()
        var last: [UInt8] = []
        var distinct = 0
        var samples: [[UInt8]] = []
        let manifest = try job.render(profile: true) { _, png in
            stream.frames += 1
            if png != last {
                if distinct % 8 == 0, samples.count < 80 { samples.append(png) }
                distinct += 1
                last = png
            }
        }
        let encoded = zip([nil] + manifest.frames.map(\.scroll), manifest.frames).compactMap { previous, frame -> (scrolled: Bool, cost: [Stage: Double])? in
            guard let cost = frame.costMs, (cost[.encode] ?? 0) > 0 else { return nil }
            return (previous.map { $0 != frame.scroll } ?? false, cost)
        }
        stream.costs = encoded
        for png in samples {
            let image = try PNGDecoder.decode(png)
            stream.spng += try PNGEncoder.encode(rgb: image.rgb, width: image.width, height: image.height).count
            stream.ours += png.count
        }
        stream.sampled = samples.count
        return stream
    }
}
