import Foundation
import Testing

@testable import StreamshotCLI

/// docs/scale/: the Kubernetes Indexed Job and the GitHub Actions matrix a team copies. They
/// parse, shard into as many pieces as they run, and every streamshot command in them is one
/// the CLI accepts as written.
@Suite(.serialized) struct ScaleDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The YAML file's documents, parsed by PyYAML (which schemathesis, installed by setup, brings).
    static func yaml(_ name: String) throws -> [[String: Any]] {
        try yamlFile(root.appendingPathComponent("docs/scale/" + name).path)
    }

    static func yamlFile(_ path: String) throws -> [[String: Any]] {
        let name = (path as NSString).lastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1]))), default=str))",
            path
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) does not parse as YAML")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// Every `streamshot …` command in a shell line (the program first), its words after the program's name.
    static func streamshotCommands(in line: String) -> [[String]] {
        line.components(separatedBy: "&&").compactMap { command in
            let words = command.split(separator: " ").map(String.init)
            guard let program = words.first, program == "streamshot" || program.hasSuffix("/streamshot") else { return nil }
            return Array(words.dropFirst())
        }
    }

    /// Parses `arguments` as the CLI would, with the scheduler's variable set as it would be.
    static func parses(_ arguments: [String], shardVariable: (String, String)) -> Bool {
        setenv(shardVariable.0, shardVariable.1, 1)
        defer { unsetenv(shardVariable.0) }
        return (try? StreamshotCommand.parseAsRoot(arguments)) != nil
    }

    static func value(_ object: Any?, _ path: String...) -> Any? {
        path.reduce(object) { current, key in
            if let index = Int(key), let array = current as? [Any] { return index < array.count ? array[index] : nil }
            return (current as? [String: Any])?[key]
        }
    }

    @Test func theKubernetesJobsShardAndMergeWithCommandsThatExist() throws {
        let shards = try #require(try Self.yaml("kubernetes-indexed-job.yaml").first)
        #expect(Self.value(shards, "kind") as? String == "Job" && Self.value(shards, "spec", "completionMode") as? String == "Indexed")
        let completions = try #require(Self.value(shards, "spec", "completions") as? Int)
        #expect(Self.value(shards, "spec", "parallelism") as? Int == completions)
        let renderLine = try #require(Self.value(shards, "spec", "template", "spec", "containers", "0", "args", "0") as? String)
        let render = try #require(Self.streamshotCommands(in: renderLine.replacingOccurrences(of: "$JOB_COMPLETION_INDEX", with: "0")).first)
        #expect(render.first == "render" && render.joined(separator: " ").contains("--shards \(completions)"))
        #expect(Self.parses(render, shardVariable: ("JOB_COMPLETION_INDEX", "0")))

        let merge = try #require(try Self.yaml("kubernetes-merge-job.yaml").first)
        let mergeLine = try #require(Self.value(merge, "spec", "template", "spec", "containers", "0", "args", "0") as? String)
        let commands = Self.streamshotCommands(in: mergeLine)
        #expect(commands.map(\.first) == ["merge", "check"])
        #expect(commands[0].filter { $0.hasPrefix("/work/shards/") } == (0..<completions).map { "/work/shards/\($0)" })
        #expect(commands.allSatisfy { Self.parses($0, shardVariable: ("JOB_COMPLETION_INDEX", "0")) })
    }

    @Test func theGitHubWorkflowShardsAndMergesWithCommandsThatExist() throws {
        let workflow = try #require(try Self.yaml("github-actions-shards.yml").first)
        let shards = try #require(Self.value(workflow, "jobs", "render", "strategy", "matrix", "shard") as? [Int])
        #expect(shards == Array(1...shards.count))
        let steps = try #require(Self.value(workflow, "jobs", "render", "steps") as? [[String: Any]])
        let renderStep = try #require(steps.first { ($0["run"] as? String)?.contains("streamshot render") == true })
        #expect(Self.value(renderStep, "env", "STREAMSHOT_SHARD") as? String == "${{ matrix.shard }}")
        let renderLine = try #require(renderStep["run"] as? String)
        let render = try #require(Self.streamshotCommands(in: renderLine).first)
        #expect(render.joined(separator: " ").contains("--shards \(shards.count)"))
        #expect(Self.parses(render, shardVariable: ("STREAMSHOT_SHARD", "1")))
        let mergeSteps = try #require(Self.value(workflow, "jobs", "merge", "steps") as? [[String: Any]])
        let commands = mergeSteps.compactMap { $0["run"] as? String }.flatMap(Self.streamshotCommands)
        #expect(commands.map(\.first) == ["merge", "check"])
        #expect(commands[0].filter { $0.hasPrefix("shards/") } == shards.map { "shards/shard-\($0)" })
        #expect(commands.allSatisfy { Self.parses($0, shardVariable: ("STREAMSHOT_SHARD", "1")) })
        #expect(Self.value(workflow, "jobs", "merge", "needs") as? String == "render")
    }
}
