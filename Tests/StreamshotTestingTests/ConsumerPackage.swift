import Foundation

/// A team's own package depending on this checkout, copied from a fixture to
/// `.build/<workspace>/<name>/` (kept between runs, so a second run builds incrementally) beside a
/// link named `streamshot` to this checkout, as the `Package.swift` lines in docs/golden-tests.md
/// expect; built and tested with the real `swift`.
struct ConsumerPackage {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let fixture: URL
    /// The copyable package the fixture's tests and streams are added to, when there is one.
    let example: URL?
    let workspace: URL
    let package: URL

    /// - Parameters:
    ///   - fixture: the folder in `Fixtures/` holding `Tests` and `Streams` (and `Package.swift`
    ///     unless `example` gives it).
    ///   - example: a folder of the checkout (`Examples/consumer`) copied first, the fixture's
    ///     files added to its own: what a team copies is what the tests build.
    ///   - workspace: the folder in `.build/` it is copied into.
    ///   - name: the package's folder there.
    init(fixture: String, example: String? = nil, workspace: String, name: String) {
        self.fixture = Self.checkout.appendingPathComponent("Tests/StreamshotTestingTests/Fixtures/" + fixture)
        self.example = example.map { Self.checkout.appendingPathComponent($0) }
        self.workspace = Self.checkout.appendingPathComponent(".build/" + workspace)
        package = self.workspace.appendingPathComponent(name)
    }

    /// The package afresh (its references and streams too), its build folder kept.
    /// - Parameter references: the folders of references it recorded, removed first.
    func prepare(references: [String]) throws {
        let files = FileManager.default
        try files.createDirectory(at: workspace, withIntermediateDirectories: true)
        let link = workspace.appendingPathComponent("streamshot")
        try? files.removeItem(at: link)
        try files.createSymbolicLink(at: link, withDestinationURL: Self.checkout)
        for item in ["Package.swift", "Tests", "Streams"] + references {
            try? files.removeItem(at: package.appendingPathComponent(item))
        }
        try files.createDirectory(at: package, withIntermediateDirectories: true)
        for source in [example, fixture].compactMap({ $0 }) {
            try Self.merge(source, into: package, only: ["Package.swift", "Tests", "Streams"])
        }
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "STREAMSHOT_CHECKOUT", with: "../streamshot")
            .replacingOccurrences(of: "STREAMSHOT_IDENTITY", with: "streamshot")
        try text.write(to: manifest, atomically: true, encoding: .utf8)
    }

    /// Copies `source`'s files named `only` (folders with what they hold) into `target`, adding to
    /// the folders already there.
    private static func merge(_ source: URL, into target: URL, only names: [String]? = nil) throws {
        let files = FileManager.default
        for name in try names ?? files.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name)
            let to = target.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try files.createDirectory(at: to, withIntermediateDirectories: true)
                try merge(from, into: to)
            } else {
                try? files.removeItem(at: to)
                try files.copyItem(at: from, to: to)
            }
        }
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: package.appendingPathComponent(path).path)
    }

    /// The packages its resolution pinned (none when `Package.resolved` is absent).
    func resolvedPackages() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: package.appendingPathComponent("Package.resolved").path),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return ((object["pins"] as? [[String: Any]]) ?? []).compactMap { $0["identity"] as? String }
    }

    /// `Streams/answer.jsonl`: `parts` at 300, 700, 1100 ms (plus `shift`), done 300 ms after.
    func writeAnswer(_ parts: [String], shiftedBy shift: Int = 0) throws {
        var lines = parts.enumerated().map { index, part in
            let content = String(decoding: try! JSONEncoder().encode(part), as: UTF8.self)
            return "{\"t\":\(300 + 400 * index + shift),\"type\":\"delta\",\"content\":\(content)}"
        }
        lines.append("{\"t\":\(300 + 400 * parts.count + shift),\"type\":\"done\"}")
        try (lines.joined(separator: "\n") + "\n").write(
            to: package.appendingPathComponent("Streams/answer.jsonl"), atomically: true, encoding: .utf8)
    }

    /// Runs `swift ARGS` in the package, without this run's own record modes and artifacts folder.
    /// It waits on a thread of its own: a minute's build must not hold one of Swift's few
    /// cooperative threads, which the suites running beside it need.
    func swift(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        let package = package
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Self.run(arguments, in: package, environment: environment) }) }.start()
        }
    }

    private static func run(_ arguments: [String], in package: URL, environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = package
        var inherited = ProcessInfo.processInfo.environment
        for name in ["STREAMSHOT_RECORD", "STREAMSHOT_ARTIFACTS", "SNAPSHOT_TESTING_RECORD", "SNAPSHOT_ARTIFACTS"] { inherited[name] = nil }
        // Nor the CI's own GitHub Actions: the package's annotations are the test's to ask for.
        for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
