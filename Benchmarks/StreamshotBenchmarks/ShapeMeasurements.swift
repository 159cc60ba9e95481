import Foundation

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
    ]

    static func run(streamshot: String) throws -> [Ratio] {
        try shapes.flatMap { shape -> [Ratio] in
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
