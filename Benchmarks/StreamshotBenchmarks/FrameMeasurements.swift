import Foundation
import Streamshot
import StreamshotAnalysis

/// What painting only what changed buys: the encoder's work per distinct frame, and whole
/// renders with damage tracking against the same renders repainting every frame whole.
enum FrameMeasurements {
    static func lease() throws -> Transcript {
        try InputLoader.load(path: Workloads.root + "/Examples/ar-lease.sse", network: .steady, seed: 1)
    }

    /// The lease at 1170x2532 on one thread, profiled: for each frame that is not a repeat, the
    /// encoder's stages (hashing the painted rows, deflating new bands, stitching the PNG).
    static func encodePerDistinctFrame() throws -> [Ratio] {
        var options = RenderOptions()
        options.encoderThreads = 1
        let manifest = try Renderer(fontsDirectory: Workloads.fonts).render(try lease(), options: options, profile: true) { _, _ in }
        let distinct = manifest.frames.compactMap(\.costMs).filter { ($0[.encode] ?? 0) > 0 }
        let encoding = distinct.map { cost in [Stage.hash, .compress, .encode].reduce(0) { $0 + (cost[$1] ?? 0) } }
        let p50 = percentile(encoding, 0.5)
        return [Ratio(name: "encode per distinct frame, p50 ms (hash + compress + stitch), lease at 1170x2532", value: p50,
                      target: "<= 3 ms", met: p50 <= 3,
                      detail: String(format: "p95 %.2f ms; %d distinct of %d frames", percentile(encoding, 0.95), distinct.count, manifest.frames.count))]
    }

    /// Frames per second, encoded and not written, painting damage against repainting whole
    /// frames: the lease, and a 20 KB Arabic document that scrolls on every frame.
    static func damageAgainstWholeRepaint() throws -> Ratio {
        func fps(_ transcript: Transcript, _ options: RenderOptions, whole: Bool) throws -> Double {
            var options = options
            options.repaintsWholeFrames = whole
            let start = now()
            let manifest = try Renderer(fontsDirectory: Workloads.fonts).render(transcript, options: options) { _, _ in }
            return Double(manifest.frames.count) / ((now() - start) / 1000)
        }
        let lease = try lease()
        let document = Workloads.fixedRate(Workloads.arabicDocument(bytes: 20 * 1024))
        let leaseRatio = try fps(lease, RenderOptions(), whole: false) / fps(lease, RenderOptions(), whole: true)
        let damaged = try fps(document, Workloads.phoneOptions(), whole: false)
        let whole = try fps(document, Workloads.phoneOptions(), whole: true)
        return Ratio(name: "damage: frames/s painting what changed / repainting whole frames (20 KB)", value: damaged / whole, target: "report",
                     met: true, detail: String(format: "%.0f vs %.0f frames/s on a 20 KB Arabic document that scrolls every frame; lease %.2fx", damaged, whole,
                                               leaseRatio))
    }
}
