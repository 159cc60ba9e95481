import ArgumentParser
import Foundation
import Streamshot
import StreamshotAnalysis
import StreamshotGraphics
import StreamshotReview

extension StreamshotCommand {
    struct Profile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Render like `render` and measure each frame's cost per stage: a table of p50/p95/p99/max/total, budget overruns, frames per second, "
                + "peak memory, and a plot.")

        @OptionGroup var source: InputOptions

        @Option(name: .shortAndLong, help: "Output folder: manifest.json (with each frame's costMs), cost.png, and frames unless --no-frames.")
        var out: String = "profile-out"

        @Flag(name: .customLong("no-frames"), help: "Do not write frame PNGs (they are still painted and encoded).")
        var noFrames = false

        @Flag(help: "Print the report as JSON.")
        var json = false

        func validate() throws {
            try requireOutputFolder(out)
        }

        func run() throws {
            let clock = ContinuousClock()
            var job = try source.job()
            let fontsDirectory = job.fontsDirectory ?? ""
            var transcript: Transcript!
            let decode = try clock.measure { transcript = try job.transcript() }
            job.input = .transcript(transcript)
            var result: RenderResult!
            let progress = ProgressBar(expectedFrames: ProgressBar.expectedFrames(transcript, options: job.options))
            let wall = try clock.measure {
                result = try job.render(to: out, profile: true, writeFrames: !noFrames) { frame in progress.update(framesDone: frame.index + 1) }
            }
            progress.finish()
            // The render's peak, before its manifest is read back whole for the report.
            let peakMemoryMB = ProfileReport.peakResidentMemoryMB()
            let manifest = try result.manifest
            let report = ProfileReport(
                manifest: manifest, inputDecodeMs: decode.milliseconds, wallMs: wall.milliseconds,
                peakMemoryMB: peakMemoryMB,
                bands: (result.bandsReused, result.bandsCompressed))
            let plotPath = (out as NSString).appendingPathComponent("cost.png")
            let plot = try CostPlot.png(manifest, fonts: try FontLibrary(directory: fontsDirectory))
            try Data(plot).write(to: URL(fileURLWithPath: plotPath))
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                print(report.table)
                print("plot: \(plotPath); manifest with per-frame costs: \(result.manifestPath)")
            }
        }
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
