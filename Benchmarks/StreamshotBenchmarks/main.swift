import Foundation
import Streamshot

// Streamshot's benchmark suite: every number is a ratio of two things measured side by side in
// this run, so it means something on a shared, noisy machine. Run it with `bash Benchmarks/run.sh`.

let arguments = CommandLine.arguments
let streamshot = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("streamshot").path
@MainActor func report(_ ratio: Ratio) {
    let name = ratio.name.padding(toLength: 72, withPad: " ", startingAt: 0)
    print("\(ratio.met ? "ok  " : "MISS") \(name) \(String(format: "%8.2f", ratio.value))  (target \(ratio.target))  \(ratio.detail)")
}

print("Streamshot benchmarks, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date())")
// `streamshot-bench shards`: only the shard measurements (they take a few minutes of their own).
if arguments.dropFirst().first == "encoders" {
    do {
        report(try Measurements.encoder())
        for ratio in try Measurements.bandedEncoder() { report(ratio) }
    } catch {
        print("benchmark failed: \(error)")
        exit(1)
    }
    exit(0)
}
if arguments.dropFirst().first == "shards" {
    do {
        for ratio in try ShardMeasurements.run(streamshot: streamshot) { report(ratio) }
    } catch {
        print("benchmark failed: \(error)")
        exit(1)
    }
    exit(0)
}
do {
    for ratio in try Measurements.flatnessAndNaive() { report(ratio) }
    report(try Measurements.encoder())
    for ratio in try Measurements.bandedEncoder() { report(ratio) }
    let cores = try Measurements.cores()
    report(cores.0)
    try String(format: "%.2f", cores.fps).write(toFile: NSTemporaryDirectory() + "streamshot-bench-fps.txt", atomically: true, encoding: .utf8)
    if FileManager.default.isExecutableFile(atPath: streamshot) {
        report(try Measurements.memory(streamshot: streamshot))
        for ratio in try ShardMeasurements.run(streamshot: streamshot) { report(ratio) }
    } else {
        print("skip memory and shards: \(streamshot) not built (Benchmarks/run.sh builds it)")
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
