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
/// Runs one group of measurements alone and exits: `streamshot-bench shards` or `encoders` (each takes a while of its own).
@MainActor func runAlone(_ measure: () throws -> [Ratio]) -> Never {
    do {
        for ratio in try measure() { report(ratio) }
        exit(0)
    } catch {
        print("benchmark failed: \(error)")
        exit(1)
    }
}
switch arguments.dropFirst().first {
case "shards": runAlone { try ShardMeasurements.run(streamshot: streamshot) }
case "encoders": runAlone { [try Measurements.encoder()] + (try Measurements.bandedEncoder()) }
default: break
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
