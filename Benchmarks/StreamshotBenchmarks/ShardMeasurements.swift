import Foundation

/// One long render, whole and in shards, each shard a separate `streamshot` process: what
/// sharding buys on this machine and, from each shard's time alone, what it buys on N machines.
enum ShardMeasurements {
    /// The long render: a 10 KB Arabic legal document over 4G at 1170x2532.
    static let input = NSTemporaryDirectory() + "streamshot-bench-shards-input.md"

    static func run(streamshot: String) throws -> [Ratio] {
        let work = NSTemporaryDirectory() + "streamshot-bench-shards"
        try? FileManager.default.removeItem(atPath: work)
        try Workloads.arabicDocument(bytes: 10 * 1024).write(toFile: input, atomically: true, encoding: .utf8)
        let single = try time { try render(streamshot, out: work + "/single", shard: nil) }
        let frames = (try? FileManager.default.contentsOfDirectory(atPath: work + "/single/frames").count) ?? 0
        var ratios: [Ratio] = []
        for count in [2, 4] {
            // Side by side on this machine: all shards at once, then the merge.
            let together = try time {
                try waitForAll(try (1...count).map { try start(streamshot, out: work + "/\(count)-\($0)", shard: "\($0)/\(count)") })
                _ = try run(streamshot, ["merge"] + (1...count).map { work + "/\(count)-\($0)" } + ["--out", work + "/merged-\(count)"])
            }
            // One machine per shard: each shard's time alone; the slowest, plus the merge, is the wall time.
            var alone: [Double] = []
            for index in 1...count { alone.append(try time { try render(streamshot, out: work + "/alone-\(count)-\(index)", shard: "\(index)/\(count)") }) }
            let shardFolders = (1...count).map { work + "/alone-\(count)-\($0)" }
            let copying = try time { _ = try run(streamshot, ["merge"] + shardFolders + ["--out", work + "/m-\(count)"]) }
            // On a volume every machine mounts, the merge links the frames instead of copying them.
            let merge = try time { _ = try run(streamshot, ["merge"] + shardFolders + ["--out", work + "/l-\(count)", "--link-frames"]) }
            let projected = alone.max()! + merge
            ratios.append(Ratio(name: "shards: 1 render / \(count) shards side by side on this machine (wall)", value: single / together,
                                target: "report", met: true,
                                detail: String(format: "%.1f s whole vs %.1f s as %d processes + merge, %d cores, %d frames", single / 1000, together / 1000,
                                               count, ProcessInfo.processInfo.activeProcessorCount, frames)))
            ratios.append(Ratio(name: "  same, on \(count) machines: 1 render / slowest shard + merge (linking)", value: single / projected,
                                target: "report", met: true,
                                detail: String(format: "shards alone %@ s (sum %.1f s), merge %.2f s linking, %.1f s copying",
                                               alone.map { String(format: "%.1f", $0 / 1000) }.joined(separator: "/"), alone.reduce(0, +) / 1000,
                                               merge / 1000, copying / 1000)))
        }
        return ratios
    }

    /// Starts `streamshot render` of the long input (a shard of it, or all); returns the running process.
    private static func start(_ streamshot: String, out: String, shard: String?) throws -> Process {
        var arguments = ["render", input, "--network", "4g", "--seed", "4", "--out", out, "--fonts", Workloads.fonts]
        if let shard { arguments += ["--shard", shard] }
        return try launch(streamshot, arguments, wait: false)
    }

    private static func render(_ streamshot: String, out: String, shard: String?) throws {
        try waitForAll([try start(streamshot, out: out, shard: shard)])
    }

    private static func run(_ streamshot: String, _ arguments: [String]) throws -> Process {
        try launch(streamshot, arguments, wait: true)
    }

    private static func launch(_ streamshot: String, _ arguments: [String], wait: Bool) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: streamshot)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if wait { try check(process, arguments) }
        return process
    }

    private static func waitForAll(_ processes: [Process]) throws {
        for process in processes { try check(process, process.arguments ?? []) }
    }

    private static func check(_ process: Process, _ arguments: [String]) throws {
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "streamshot-bench", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "streamshot \(arguments.joined(separator: " ")) failed"])
        }
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = now()
        try body()
        return now() - start
    }
}
