import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotGraphics

/// One ratio, its target and whether it met it.
struct Ratio {
    let name: String
    let value: Double
    let target: String
    let met: Bool
    let detail: String
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }

enum Measurements {
    /// Per-frame cost of every stage but encode and write, by how many UTF-8 bytes were shown.
    static func frameCosts(_ transcript: Transcript, options: RenderOptions) throws -> [(bytes: Int, ms: Double, parseAndLayout: Double, parse: Double)] {
        var options = options
        options.encodesFrames = false
        let manifest = try Renderer(fontsDirectory: Workloads.fonts).render(transcript, options: options, profile: true) { _, _ in }
        var byteOffsets = [0]
        for scalar in manifest.text.unicodeScalars { byteOffsets.append(byteOffsets.last! + UTF8.width(scalar)) }
        return manifest.frames.map { frame in
            let cost = frame.costMs ?? [:]
            // Every stage but the encoder's (band hashing, compression, stitching) and the write.
            let ms = [Stage.input, .client, .pacing, .parse, .layout, .damage, .blit, .paint].reduce(0) { $0 + (cost[$1] ?? 0) }
            return (byteOffsets[min(frame.revealedChars, byteOffsets.count - 1)], ms,
                    (cost[.client] ?? 0) + (cost[.parse] ?? 0) + (cost[.layout] ?? 0), cost[.parse] ?? 0)
        }
    }

    static func flatnessAndNaive() throws -> [Ratio] {
        let transcript = Workloads.fixedRate(Workloads.arabicDocument(bytes: 20 * 1024))
        let incremental = try frameCosts(transcript, options: Workloads.phoneOptions())
        let window = { (costs: [(bytes: Int, ms: Double, parseAndLayout: Double, parse: Double)], range: ClosedRange<Int>) in
            costs.filter { range.contains($0.bytes) }
        }
        let early = window(incremental, 900...1300).map(\.ms)
        let screenFull = window(incremental, 4 * 1024...5 * 1024).map(\.ms)
        let lateFrames = window(incremental, 19 * 1024...20 * 1024)
        let late = lateFrames.map(\.ms)
        let flatness = percentile(late, 0.95) / percentile(early, 0.95)
        let flatnessFull = percentile(late, 0.95) / percentile(screenFull, 0.95)
        let parseLate = percentile(lateFrames.map(\.parse), 0.95)
        let parseEarly = percentile(window(incremental, 900...1300).map(\.parse), 0.95)
        let parseFlatness = parseLate / parseEarly
        var naiveOptions = Workloads.phoneOptions()
        naiveOptions.naiveRelayout = true
        let naiveLate = window(try frameCosts(transcript, options: naiveOptions), 19 * 1024...20 * 1024)
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
        let speedup = mean(naiveLate.map(\.ms)) / mean(late)
        let parseLayoutSpeedup = mean(naiveLate.map(\.parseAndLayout)) / mean(lateFrames.map(\.parseAndLayout))
        return [
            Ratio(name: "flatness: p95 frame cost (no encode) at 20 KB / at 1 KB", value: flatness, target: "<= 1.2", met: flatness <= 1.2,
                  detail: String(format: "p95 %.2f ms at 20 KB (%d frames) vs %.2f ms at 1 KB (%d frames)", percentile(late, 0.95), late.count,
                                 percentile(early, 0.95), early.count)),
            Ratio(name: "  same, at 20 KB / at 5 KB (both with a full screen to paint)", value: flatnessFull, target: "<= 1.2", met: flatnessFull <= 1.2,
                  detail: String(format: "p95 %.2f ms at 5 KB", percentile(screenFull, 0.95))),
            Ratio(name: "  parse stage only (cmark-gfm on the open tail), p95 at 20 KB / at 1 KB", value: parseFlatness, target: "<= 1.2",
                  met: parseFlatness <= 1.2, detail: String(format: "p95 %.3f ms at 20 KB vs %.3f ms at 1 KB", parseLate, parseEarly)),
            Ratio(name: "incremental vs naive re-parse + re-layout, at 20 KB (all stages but encode)", value: speedup, target: ">= 10x", met: speedup >= 10,
                  detail: String(format: "mean %.2f ms naive vs %.2f ms incremental per frame", mean(naiveLate.map(\.ms)), mean(late))),
            Ratio(name: "  same, client model (with parse) + layout stages only", value: parseLayoutSpeedup, target: ">= 10x", met: parseLayoutSpeedup >= 10,
                  detail: String(format: "mean %.3f ms naive vs %.3f ms incremental per frame", mean(naiveLate.map(\.parseAndLayout)),
                                 mean(lateFrames.map(\.parseAndLayout)))),
        ]
    }

    static func encoder() throws -> Ratio {
        var pngs: [[UInt8]] = []
        var options = RenderOptions()
        options.encoderThreads = 1
        _ = try Renderer(fontsDirectory: Workloads.fonts).render(try InputLoader.load(path: Workloads.root + "/Examples/ar-lease.sse",
                                                                                      network: .steady, seed: 1),
                                                                options: options) { _, png in
            if pngs.last != png, pngs.count < 40 { pngs.append(png) }
        }
        var spng = 0.0
        var cairo = 0.0
        for png in pngs {
            let image = try PNGDecoder.decode(png)
            let canvas = try Canvas(width: image.width, height: image.height)
            try canvas.drawImage(rgb: image.rgb, width: image.width, height: image.height, x: 0, y: 0)
            let pixels = canvas.rgbBytes()
            var start = now()
            _ = try PNGEncoder.encode(rgb: pixels, width: canvas.width, height: canvas.height)
            spng += now() - start
            start = now()
            _ = try canvas.cairoPNG()
            cairo += now() - start
        }
        let ratio = cairo / spng
        return Ratio(name: "encoder: cairo_surface_write_to_png / libspng (level 1, no filter), same frames", value: ratio, target: ">= 4x",
                     met: ratio >= 4, detail: String(format: "%.1f ms vs %.1f ms per 1170x2532 frame over %d frames", cairo / Double(pngs.count),
                                                     spng / Double(pngs.count), pngs.count))
    }

    /// The band-reusing encoder (one instance across the frames, as a render would keep it)
    /// against libspng, on the lease's distinct frames in order: time and size.
    static func bandedEncoder() throws -> [Ratio] {
        var frames: [[UInt8]] = []
        var options = RenderOptions()
        options.encoderThreads = 1
        _ = try Renderer(fontsDirectory: Workloads.fonts).render(try InputLoader.load(path: Workloads.root + "/Examples/ar-lease.sse",
                                                                                      network: .steady, seed: 1),
                                                                options: options) { _, png in
            if frames.last != png, frames.count < 120 { frames.append(png) }
        }
        let images = try frames.map { try PNGDecoder.decode($0) }
        let banded = BandedPNGEncoder()
        var (bandedMs, spngMs, bandedBytes, spngBytes) = (0.0, 0.0, 0, 0)
        for image in images {
            var start = now()
            bandedBytes += try banded.encode(rgb: image.rgb, width: image.width, height: image.height).count
            bandedMs += now() - start
            start = now()
            spngBytes += try PNGEncoder.encode(rgb: image.rgb, width: image.width, height: image.height).count
            spngMs += now() - start
        }
        let count = Double(images.count)
        let hitRate = Double(banded.hits) / Double(max(1, banded.hits + banded.misses))
        return [
            Ratio(name: "banded encoder: libspng time / band-reusing encoder time, same frames", value: spngMs / bandedMs, target: "report",
                  met: true, detail: String(format: "%.1f vs %.1f ms a 1170x2532 frame over %d distinct frames; %.0f%% of bands reused",
                                            bandedMs / count, spngMs / count, images.count, hitRate * 100)),
            Ratio(name: "  size: band-reusing encoder / libspng", value: Double(bandedBytes) / Double(spngBytes), target: "<= 1.3",
                  met: Double(bandedBytes) <= 1.3 * Double(spngBytes),
                  detail: String(format: "%.0f KB vs %.0f KB a frame", Double(bandedBytes) / count / 1024, Double(spngBytes) / count / 1024)),
        ]
    }

    /// Frames per second with encoding on every core against inline on one: the 20 KB Arabic
    /// document streaming at 1170x2532 (4,800 frames that scroll), encoded and not written. The
    /// fonts are loaded before the clock starts: this measures the frame pipeline.
    static func cores() throws -> Ratio {
        let transcript = Workloads.fixedRate(Workloads.arabicDocument(bytes: 20 * 1024))
        func fps(_ threads: Int) throws -> Double {
            var options = Workloads.phoneOptions()
            options.encoderThreads = threads
            let renderer = try Renderer(fontsDirectory: Workloads.fonts)
            let start = now()
            let manifest = try renderer.render(transcript, options: options) { _, _ in }
            return Double(manifest.frames.count) / ((now() - start) / 1000)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let one = try fps(1)
        let all = try fps(cores)
        return Ratio(name: "cores: frames/s on \(cores) cores / on 1", value: all / one, target: ">= 1.6x on 2 cores", met: all / one >= 1.6,
                     detail: String(format: "%.0f vs %.0f frames/s (20 KB Arabic document, 1170x2532, encoded, not written)", all, one))
    }

    /// Peak RSS of `streamshot profile --no-frames` for documents of two lengths (separate processes).
    static func memory(streamshot: String) throws -> Ratio {
        func peak(_ kilobytes: Int) throws -> Double {
            let path = NSTemporaryDirectory() + "streamshot-bench-\(kilobytes)kb.md"
            try Workloads.arabicDocument(bytes: kilobytes * 1024).write(toFile: path, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: streamshot)
            process.arguments = ["profile", path, "--network", "instant", "--no-frames", "--json",
                                 "--out", NSTemporaryDirectory() + "streamshot-bench-profile", "--fonts", Workloads.fonts]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return json?["peakMemoryMB"] as? Double ?? .nan
        }
        let small = try peak(5)
        let large = try peak(20)
        return Ratio(name: "memory: peak RSS, 20 KB answer at 1170x2532 (and 20 KB / 5 KB)", value: large, target: "< 150 MB, flat",
                     met: large < 150 && large / small < 1.3,
                     detail: String(format: "%.0f MB at 20 KB, %.0f MB at 5 KB (ratio %.2f)", large, small, large / small))
    }
}
