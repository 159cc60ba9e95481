import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Frame shards (`render --shard K/N`) and `merge`: the shards of a render join into its bytes.
@Suite struct ShardTests {
    static let lease = TestSupport.examples.appendingPathComponent("ar-lease.sse").path

    static func job(_ path: String = lease, network: NetworkProfile = .threeG) -> RenderJob {
        RenderJob(input: .file(path), network: network, seed: 4, options: TestSupport.smallOptions(), fontsDirectory: TestSupport.fontsDirectory)
    }

    static func shards(_ job: RenderJob, count: Int, in folder: String) throws -> [String] {
        try (1...count).map { index in
            let directory = folder + "/shard-\(index)"
            _ = try job.render(to: directory, shard: try ShardSpec(index: index, count: count))
            return directory
        }
    }

    static func files(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in ["manifest.json"] + (try FileManager.default.contentsOfDirectory(atPath: directory + "/frames")).map({ "frames/" + $0 }) {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return files
    }

    @Test func threeShardsMergeToTheSingleRendersBytes() throws {
        let folder = TestSupport.temporaryDirectory("shards")
        let single = folder + "/single"
        let result = try Self.job().render(to: single)
        #expect(result.frameCount > 400)
        let shards = try Self.shards(Self.job(), count: 3, in: folder)
        let merged = try ShardMerge.merge(shards.reversed(), to: folder + "/merged")
        #expect(merged.frameCount == result.frameCount)
        let expected = try Self.files(single)
        let actual = try Self.files(folder + "/merged")
        #expect(expected.count == result.frameCount + 1 && actual.keys.sorted() == expected.keys.sorted())
        #expect(expected.keys.filter { actual[$0] != expected[$0] }.isEmpty)
        // A retried shard writes the same bytes.
        let retried = folder + "/retry"
        _ = try Self.job().render(to: retried, shard: try ShardSpec(index: 2, count: 3))
        #expect(try Self.files(retried) == Self.files(shards[1]))
    }

    /// `--repeats distinct` in shards: each shard writes what the whole render writes for its frames
    /// (a repeated frame names the file it repeats), but for its first frame, which is a file of its
    /// own (what it repeats is another shard's); merged, every frame shows the whole render's bytes.
    @Test func shardsWriteRepeatedFramesAsTheWholeRenderDoes() throws {
        let folder = TestSupport.temporaryDirectory("shards-distinct")
        let single = folder + "/single"
        _ = try Self.job().render(to: single, repeats: .distinct)
        let whole = try ManifestFile(path: single + "/manifest.json")
        var wholeFiles: [Int: String] = [:]
        try whole.forEachFrame { wholeFiles[$0.index] = $0.file }
        #expect(Set(wholeFiles.values).count < wholeFiles.count * 3 / 4, "the stream has repeated frames to write once")
        var shards: [String] = []
        for index in 1...2 {
            let directory = folder + "/shard-\(index)"
            let result = try Self.job().render(to: directory, shard: try ShardSpec(index: index, count: 2), repeats: .distinct)
            let manifest = try ManifestFile(path: result.manifestPath)
            var named: Set<String> = []
            try manifest.forEachFrame { frame in
                named.insert(frame.file)
                let expected = frame.index == result.frames.lowerBound ? String(format: "frames/%06d.png", frame.index) : wholeFiles[frame.index]
                #expect(frame.file == expected, "frame \(frame.index) of shard \(index)")
            }
            let written = Set(try FileManager.default.contentsOfDirectory(atPath: directory + "/frames").map { "frames/" + $0 })
            #expect(written == named, "shard \(index) writes exactly the files its manifest names")
            shards.append(directory)
        }
        let merged = folder + "/merged"
        _ = try ShardMerge.merge(shards, to: merged)
        try ManifestFile(path: merged + "/manifest.json").forEachFrame { frame in
            let shown = FileManager.default.contents(atPath: merged + "/" + frame.file)
            #expect(
                shown != nil && shown == FileManager.default.contents(atPath: single + "/" + (wholeFiles[frame.index] ?? "")),
                "frame \(frame.index)")
        }
    }

    @Test func mergeRefusesMismatchedMissingRepeatedAndUnfinishedShards() throws {
        let folder = TestSupport.temporaryDirectory("shard-refusals")
        let shards = try Self.shards(Self.job(), count: 3, in: folder)
        let out = folder + "/out"
        #expect(throws: InputError("shard 3 of 3 missing: every shard's folder is needed")) {
            try ShardMerge.merge(Array(shards.prefix(2)), to: out)
        }
        #expect(throws: InputError("shard 1/3 is given twice: \(shards[0]) and \(shards[0])")) {
            try ShardMerge.merge([shards[0]] + shards, to: out)
        }
        let otherOptions = folder + "/4g"
        _ = try Self.job(network: .fourG).render(to: otherOptions, shard: try ShardSpec(index: 2, count: 3))
        #expect(
            throws: InputError("\(otherOptions) (shard 2/3): the same input with different options than \(shards[0]) (shard 1/3) (network 4g vs 3g)")
        ) {
            try ShardMerge.merge([shards[0], otherOptions, shards[2]], to: out)
        }
        let otherInput = folder + "/mixed"
        _ = try Self.job(TestSupport.examples.appendingPathComponent("en-ar-mixed.sse").path).render(
            to: otherInput, shard: try ShardSpec(index: 2, count: 3))
        #expect(throws: (any Error).self) { try ShardMerge.merge([shards[0], otherInput, shards[2]], to: out) }
        // A shard whose manifest is gone (stopped before writing it) or whose frame is gone is not merged.
        try FileManager.default.removeItem(
            atPath: shards[2] + "/frames/" + (try FileManager.default.contentsOfDirectory(atPath: shards[2] + "/frames")).sorted()[0])
        #expect(throws: (any Error).self) { try ShardMerge.merge(shards, to: out) }
        try FileManager.default.removeItem(atPath: shards[1] + "/manifest.json")
        #expect(throws: InputError("\(shards[1]): no manifest.json: not a finished shard (a shard writes it last, so one stopped midway has none)")) {
            try ShardMerge.merge(shards, to: out)
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.json"))
    }

    /// A stream with long stalls: most frames repeat the one before. Shards split the frames
    /// that change, not the frame count, so each paints and encodes about as much.
    @Test func thePlannerBalancesDistinctFramesWithinTenPercent() throws {
        var events: [StreamEvent] = []
        let clause = "يلتزم المستأجر بسداد الأجرة في موعدها المحدد، وفي حال التأخر تستحق غرامة قدرها واحد بالمئة. "
        // Words every 150 ms for 6 s, a 14 s stall, a last burst: a count split would give one
        // shard nearly all the changing frames.
        let words = String(repeating: clause, count: 3).split(separator: " ")
        for (index, word) in words.prefix(40).enumerated() {
            events.append(StreamEvent(timeMs: 100 + Double(index) * 150, kind: .delta(word + " ")))
        }
        events.append(StreamEvent(timeMs: 20_000, kind: .delta(words.dropFirst(40).joined(separator: " "))))
        events.append(StreamEvent(timeMs: 20_500, kind: .done))
        var options = TestSupport.smallOptions()
        options.client.pacing = .smooth
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        var pngs: [[UInt8]] = []
        let manifest = try renderer.render(Transcript(events: events), options: options) { _, png in pngs.append(png) }
        let distinct = pngs.indices.map { $0 == 0 || pngs[$0] != pngs[$0 - 1] }
        #expect(distinct.filter { !$0 }.count > distinct.count / 2, "most frames repeat: the stalls")
        for count in [2, 3, 4] {
            let ranges = ShardPlanner.ranges(costs: ShardPlanner.costs(of: manifest.frames), count: count)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == manifest.frames.count)
            let perShard = ranges.map { range in Double(range.filter { distinct[$0] }.count) }
            let mean = perShard.reduce(0, +) / Double(count)
            #expect(perShard.allSatisfy { abs($0 - mean) <= 0.1 * mean }, "\(count) shards: distinct frames \(perShard)")
            let frameCounts = ranges.map(\.count)
            #expect(frameCounts.max()! > frameCounts.min()! * 5 / 4, "frame counts differ where stalls fall: \(frameCounts)")
        }
    }

    @Test func theShardComesFromTheSchedulersVariable() throws {
        #expect(try ShardSpec.fromEnvironment(count: 4, ["JOB_COMPLETION_INDEX": "0"]) == ShardSpec(index: 1, count: 4))
        #expect(try ShardSpec.fromEnvironment(count: 4, ["AWS_BATCH_JOB_ARRAY_INDEX": "3"]) == ShardSpec(index: 4, count: 4))
        #expect(try ShardSpec.fromEnvironment(count: 4, ["STREAMSHOT_SHARD": "2"]) == ShardSpec(index: 2, count: 4))
        #expect(throws: InputError("JOB_COMPLETION_INDEX=4 with --shards 4: expected 0 to 3")) {
            try ShardSpec.fromEnvironment(count: 4, ["JOB_COMPLETION_INDEX": "4"])
        }
        #expect(throws: InputError("--shard 0/3: expected a shard from 1 to 3 (shards count from 1)")) { try ShardSpec("0/3") }
        #expect(throws: InputError("--shard 2: expected K/N, such as 2/3 (shard K of N, counting from 1)")) { try ShardSpec("2") }
    }
}
