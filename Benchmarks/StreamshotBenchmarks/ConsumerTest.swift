import Foundation

/// A team's package with one golden test of a capture — `assertStreamSnapshot` with the default
/// moments and `assertStreamChecks` — depending on this checkout with `traits: []`, as the
/// golden-test guide tells teams to. Built and recorded first; then its test binary runs alone,
/// comparing, so that its peak memory is the test's and not the build's.
struct ConsumerTest {
    let checkout: String
    let capture: String
    var package: String { checkout + "/.build/streamshot-bench-consumer/LongAnswer" }

    struct Measured {
        let run: ChildRun
        let referenceMB: Double
        let referenceCount: Int
    }

    func measure() throws -> Measured {
        try prepare()
        let swift = try which("swift")
        _ = try ChildProcess.succeed(swift, ["build", "--build-tests"], directory: package)
        // Records the references (a test that records fails, saying so: its status is not judged here).
        _ = try ChildProcess.run(swift, ["test", "--skip-build"], environment: ["STREAMSHOT_RECORD": "all"], directory: package)
        let binary = package + "/.build/debug/LongAnswerPackageTests.xctest"
        let run = try ChildProcess.run(binary, ["--testing-library", "swift-testing"], environment: ["STREAMSHOT_RECORD": "never"],
                                       directory: package)
        let references = try files(under: package + "/Snapshots")
        return Measured(run: run, referenceMB: Double(references.reduce(0) { $0 + $1 }) / 1_048_576, referenceCount: references.count)
    }

    private func prepare() throws {
        let files = FileManager.default
        let workspace = (package as NSString).deletingLastPathComponent
        try files.createDirectory(atPath: package + "/Tests/LongAnswerTests", withIntermediateDirectories: true)
        try files.createDirectory(atPath: package + "/Streams", withIntermediateDirectories: true)
        try? files.removeItem(atPath: workspace + "/streamshot")
        try files.createSymbolicLink(atPath: workspace + "/streamshot", withDestinationPath: checkout)
        // SwiftPM keeps the build plan of a path dependency across runs: a source file added to
        // the checkout since the last run would not be built (and the last run's code measured).
        try? files.removeItem(atPath: package + "/.build/debug.yaml")
        try? files.removeItem(atPath: package + "/Snapshots")
        try? files.removeItem(atPath: package + "/Streams/answer.jsonl")
        try files.copyItem(atPath: capture, toPath: package + "/Streams/answer.jsonl")
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try test.write(toFile: package + "/Tests/LongAnswerTests/LongAnswerTests.swift", atomically: true, encoding: .utf8)
    }

    private let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "LongAnswer",
            dependencies: [.package(path: "../streamshot", traits: [])],
            targets: [.testTarget(name: "LongAnswerTests", dependencies: [.product(name: "StreamshotTesting", package: "streamshot")])]
        )

        """

    private let test = """
        import StreamshotTesting
        import Testing

        @Test func theLongAnswerStreamsAsRecorded() {
            assertStreamSnapshot(of: .file("Streams/answer.jsonl"))
            assertStreamChecks(of: .file("Streams/answer.jsonl"))
        }

        """

    /// The sizes of the regular files under `folder`.
    private func files(under folder: String) throws -> [Int] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return try walker.compactMap { item -> Int? in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + "\(item)")
            return attributes[.type] as? FileAttributeType == .typeRegular ? (attributes[.size] as? Int) : nil
        }
    }

    private func which(_ command: String) throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(command)" }
        guard let found = paths.first(where: FileManager.default.isExecutableFile) else { throw BenchmarkError("\(command) is not on PATH") }
        return found
    }
}
