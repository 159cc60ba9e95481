import Foundation
import Streamshot

// Streamshot's benchmark suite: every number is a ratio of two things measured side by side in
// this run, so it means something on a shared, noisy machine. Run it with `bash Benchmarks/run.sh`;
// `streamshot-bench GROUP...` runs only the groups named.

let arguments = CommandLine.arguments
let streamshot = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("streamshot").path
@MainActor func report(_ ratio: Ratio) {
    let name = ratio.name.padding(toLength: 72, withPad: " ", startingAt: 0)
    print("\(ratio.met ? "ok  " : "MISS") \(name) \(String(format: "%8.2f", ratio.value))  (target \(ratio.target))  \(ratio.detail)")
}

/// The groups in the order a full run measures them.
let groups: [(name: String, measure: () throws -> [Ratio])] = [
    ("glyph-lock", { try GlyphLockMeasurements.run() }),
    ("flatness", { try Measurements.flatnessAndNaive() }),
    ("frames", { try FrameMeasurements.encodePerDistinctFrame() + [try FrameMeasurements.damageAgainstWholeRepaint()] }),
    ("encoders", { [try Measurements.encoder()] + (try Measurements.bandedEncoder()) }),
    ("peer-streams", { try PeerStreamMeasurements.run() }),
    ("cores", { [try Measurements.cores()] }),
    ("memory", { [try Measurements.memory(streamshot: streamshot)] }),
    ("shards", { try ShardMeasurements.run(streamshot: streamshot) }),
    ("shapes", { try ShapeMeasurements.run(streamshot: streamshot) }),
    ("long", { try LongAnswerMeasurements.run(streamshot: streamshot) }),
    ("reveal", { try RevealMeasurements.run() }),
    ("judge", { try JudgeMeasurements.run() }),
    ("highlight", { try HighlightMeasurements.run() }),
    ("math", { try MathMeasurements.run() }),
]

let asked = Array(arguments.dropFirst())
if let unknown = asked.first(where: { name in !groups.contains { $0.name == name } }) {
    print("unknown group \(unknown): expected some of \(groups.map(\.name).joined(separator: ", "))")
    exit(2)
}
print("Streamshot benchmarks, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date())")
do {
    for group in groups where asked.isEmpty || asked.contains(group.name) {
        if ["memory", "shards", "shapes", "long"].contains(group.name), !FileManager.default.isExecutableFile(atPath: streamshot) {
            print("skip \(group.name): \(streamshot) not built (Benchmarks/run.sh builds it)")
            continue
        }
        for ratio in try group.measure() { report(ratio) }
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
