import Foundation
import Streamshot

/// Issue 36's input shapes at 1x, 2x and 4x their size, each rendered by the release binary as
/// `streamshot profile --no-frames` (paint and encode included, files not written): the cost of a
/// frame and the peak memory at 4x against 1x. A shape whose cost grows with its size shows a
/// ratio near 4 (or 16); one whose frames cost what changed in them stays near 1.
enum ShapeMeasurements {
    struct Shape: Sendable {
        let name: String
        let fileExtension: String
        /// The input at `scale` times its size.
        let make: @Sendable (_ scale: Int) -> String
    }

    static let shapes = [
        Shape(name: "table, 25/50/100 rows of 8 cells", fileExtension: "md") { scale in
            let header = "| " + (0..<8).map { "Col\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 8)
            let rows = (0..<(25 * scale)).map { row in "| " + (0..<8).map { "v\(row)x\($0)" }.joined(separator: " | ") + " |" }
            return "Intro.\n\n" + header + "\n" + rows.joined(separator: "\n") + "\n"
        },
        Shape(name: "client trace, 1,000/2,000/4,000 show records", fileExtension: "jsonl") { scale in
            let records = (0..<(1000 * scale)).map { #"{"t":\#(100 + $0 * 20),"type":"show","append":" word\#($0 % 10)\#($0 % 40 == 39 ? "\\n\\n" : "")"}"# }
            return ([#"{"t":0,"type":"start"}"#] + records + [#"{"t":\#(100 + 1000 * scale * 20 + 10),"type":"end"}"#]).joined(separator: "\n")
        },
        Shape(name: "nested quotes and lists, 16/32/64 levels deep, 20 items", fileExtension: "md") { scale in
            (0..<20).map { item in String(repeating: "> ", count: 16 * scale) + "- item \(item) in a deeply nested list\n" }.joined()
        },
        // Issue 43: each definition once read every label on every frame, and every link
        // definition was parsed before every frame's tail.
        Shape(name: "footnotes, 500/1,000/2,000 paragraphs each with its note", fileExtension: "md") { scale in
            (0..<(500 * scale)).map { "Clause \($0) follows the ruling.[^r\($0)]\n\n[^r\($0)]: Ruling \($0).\n\n" }.joined()
        },
        Shape(name: "link definitions, 500/1,000/2,000 paragraphs each with its link", fileExtension: "md") { scale in
            // Each defined before its use: every later tail once parsed after all of them.
            (0..<(500 * scale)).map { "[a\($0)]: https://example.com/act/\($0)\n\nSee [article \($0)][a\($0)] of the act.\n\n" }.joined()
        },
        // Issue 43: raw HTML blocks full of `<` (cmark-gfm reads each as HTML, GitHub shows it as
        // written); many of them must cost a frame what the growing one costs, not what came before.
        Shape(name: "raw HTML blocks, 500/1,000/2,000 each with a paragraph", fileExtension: "md") { scale in
            (0..<(500 * scale)).map { "<div class=\"clause\">\($0) < \($0 + 1) << limit <b>bold</b>\n</div>\n\nClause \($0) applies.\n\n" }.joined()
        },
        // Issue 49: a chip placed marks a copy of the answer's text for the parse; a long cited
        // answer must still cost a frame what its growing paragraph costs.
        Shape(name: "cited answer (Perplexity), 25/50/100 paragraphs each citing its source", fileExtension: "sse") { scale in
            let count = 25 * scale
            let sources = (0..<count).map { #"{"title":"Ruling \#($0)","url":"https://www.cc.gov.eg/judgment/\#($0)"}"# }
            func chunk(_ content: String, finish: String?, results: Bool) -> String {
                let escaped = content.replacingOccurrences(of: "\n", with: "\\n")
                let list = results ? #","search_results":[\#(sources.joined(separator: ","))]"# : ""
                return #"data: {"id":"c","object":"chat.completion.chunk","model":"sonar-pro","choices":[{"index":0,"delta":{"content":"\#(escaped)"},"finish_reason":\#(finish.map { "\"\($0)\"" } ?? "null")}]\#(list)}"#
            }
            var lines: [String] = []
            for paragraph in 0..<count {
                let pieces = ["Clause \(paragraph) follows ", "the ruling of the court ", "on the notice period.[\(paragraph + 1)]\n\n"]
                for (index, piece) in pieces.enumerated() {
                    lines += [": t=\(200 + (paragraph * 3 + index) * 60)", chunk(piece, finish: nil, results: paragraph == 0 && index == 0), ""]
                }
            }
            lines += [": t=\(260 + count * 180)", chunk("", finish: "stop", results: false), "", "data: [DONE]", "", ""]
            return lines.joined(separator: "\n")
        },
        // A table wider than any phone: a frame records the columns in view, whatever the width.
        Shape(name: "wide table, 125/250/500 columns and 4 rows", fileExtension: "md") { scale in
            let columns = 125 * scale
            let rows = (0..<4).map { row in "| " + (0..<columns).map { "r\(row)c\($0)" }.joined(separator: " | ") + " |" }
            return ([rows[0], "|" + String(repeating: "---|", count: columns)] + rows.dropFirst()).joined(separator: "\n") + "\n"
        },
    ]

    static func run(streamshot: String) throws -> [Ratio] {
        try wideTableOutput(streamshot: streamshot) + [try afterWideTable(streamshot: streamshot)] + shapes.flatMap { shape -> [Ratio] in
            let runs = try [1, 2, 4].map { try profile(shape, scale: $0, streamshot: streamshot) }
            let (one, four) = (runs[0], runs[2])
            let perFrame = (four.ms / Double(four.frames)) / (one.ms / Double(one.frames))
            let detail = runs.enumerated().map { index, run in
                String(format: "%dx: %d frames, %.2f ms/frame, %.0f MB", [1, 2, 4][index], run.frames, run.ms / Double(run.frames), run.peakMB)
            }.joined(separator: "; ")
            // Every frame's record is kept until the manifest is written (issue 33), so peak memory
            // grows with the frame count; per frame it must not grow with the shape.
            let memoryPerFrame = (four.peakMB / Double(four.frames)) / (one.peakMB / Double(one.frames))
            return [Ratio(name: "shape: \(shape.name), cost per frame 4x / 1x", value: perFrame, target: "< 1.5", met: perFrame < 1.5, detail: detail),
                    Ratio(name: "shape: \(shape.name), peak memory per frame 4x / 1x", value: memoryPerFrame, target: "< 1.2",
                          met: memoryPerFrame < 1.2, detail: "")]
        }
    }

    /// Issue 43's wide table rendered at `--fps 10 --scale 1` with its frames, then reviewed: the
    /// manifest's bytes per frame and review's peak memory per frame, 500 columns against 125
    /// (version 3 wrote 8 MB at 125 columns and 141 MB at 500, and the report of 500 aborted).
    static func wideTableOutput(streamshot: String) throws -> [Ratio] {
        let shape = shapes.first { $0.name.hasPrefix("wide table") }!
        let runs = try [1, 4].map { scale -> (bytesPerFrame: Double, reviewMBPerFrame: Double, detail: String) in
            let input = NSTemporaryDirectory() + "streamshot-wide-\(scale).md"
            let out = NSTemporaryDirectory() + "streamshot-wide-\(scale)"
            try shape.make(scale).write(toFile: input, atomically: true, encoding: .utf8)
            let render = try ChildProcess.run(streamshot, ["render", input, "--fps", "10", "--scale", "1", "--out", out, "--fonts", Workloads.fonts])
            guard render.status == 0 else { throw BenchmarkError("render of the wide table failed: \(render.output)") }
            let review = try ChildProcess.run(streamshot, ["review", out, "--fonts", Workloads.fonts])
            guard review.status == 0 else { throw BenchmarkError("review of the wide table failed: \(review.output)") }
            let manifest = try ManifestFile(path: out + "/manifest.json")
            let bytes = Double(try FileManager.default.attributesOfItem(atPath: out + "/manifest.json")[.size] as! Int)
            let frames = Double(manifest.frameCount)
            return (bytes / frames, review.peakMB / frames,
                    String(format: "%d columns: %.0f frames, manifest %.2f MB, review peak %.0f MB", 125 * scale, frames, bytes / 1e6, review.peakMB))
        }
        let bytes = runs[1].bytesPerFrame / runs[0].bytesPerFrame
        let memory = runs[1].reviewMBPerFrame / runs[0].reviewMBPerFrame
        return [Ratio(name: "wide table output: manifest bytes per frame, 500 / 125 columns", value: bytes, target: "< 1.5", met: bytes < 1.5,
                      detail: runs.map(\.detail).joined(separator: "; ")),
                Ratio(name: "wide table output: review peak memory per frame, 500 / 125 columns", value: memory, target: "< 1.5", met: memory < 1.5,
                      detail: "")]
    }

    /// Issue 43's "a finished table is never laid out again" for output too: the frames that
    /// stream 60 paragraphs after a wide table, their median cost (every stage, the manifest's
    /// record included) at 500 columns against 125 (66 ms against 0.07 ms with no table before).
    static func afterWideTable(streamshot: String) throws -> Ratio {
        let shape = shapes.first { $0.name.hasPrefix("wide table") }!
        let paragraphs = (0..<60).map { "Paragraph \($0) after the table, with a few words to stream.\n\n" }.joined()
        let medians = try [1, 4].map { scale -> Double in
            let input = NSTemporaryDirectory() + "streamshot-after-wide-\(scale).md"
            let out = NSTemporaryDirectory() + "streamshot-after-wide-\(scale)"
            try (shape.make(scale) + "\n" + paragraphs).write(toFile: input, atomically: true, encoding: .utf8)
            let run = try ChildProcess.run(streamshot, ["profile", input, "--no-frames", "--out", out, "--fonts", Workloads.fonts])
            guard run.status == 0 else { throw BenchmarkError("profile of the wide table failed: \(run.output)") }
            return try medianCostAfterTable(manifest: out + "/manifest.json")
        }
        let ratio = medians[1] / medians[0]
        return Ratio(name: "wide table: a frame after it, 500 / 125 columns", value: ratio, target: "< 1.5", met: ratio < 1.5,
                     detail: String(format: "median %.2f ms at 125 columns, %.2f ms at 500", medians[0], medians[1]))
    }

    /// The median of the whole cost of the frames that show a block after the table's.
    private static func medianCostAfterTable(manifest path: String) throws -> Double {
        let file = try ManifestFile(path: path)
        guard let table = file.header.blocks.first(where: { $0.kind == .table })?.id else { throw BenchmarkError("\(path): no table") }
        var costs: [Double] = []
        try file.forEachFrame { frame in
            guard frame.blocks.contains(where: { $0.id > table }), let cost = frame.costMs else { return }
            costs.append(cost.values.reduce(0, +))
        }
        guard !costs.isEmpty else { throw BenchmarkError("\(path): no frame after the table") }
        return costs.sorted()[costs.count / 2]
    }

    /// Wall time of the whole profile run, its frame count and peak memory.
    private static func profile(_ shape: Shape, scale: Int, streamshot: String) throws -> (ms: Double, frames: Int, peakMB: Double) {
        let path = NSTemporaryDirectory() + "streamshot-shape-\(scale).\(shape.fileExtension)"
        try shape.make(scale).write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: streamshot)
        process.arguments = ["profile", path, "--no-frames", "--json", "--out", NSTemporaryDirectory() + "streamshot-shape-profile",
                             "--fonts", Workloads.fonts]
        let pipe = Pipe()
        process.standardOutput = pipe
        let start = now()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let ms = now() - start
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (ms, json?["frames"] as? Int ?? 1, json?["peakMemoryMB"] as? Double ?? .nan)
    }
}
