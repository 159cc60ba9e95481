import Foundation
import Testing

/// Debian's Kotlin (1.3.31) on the JDK, for the Android emitter (Emitters/android). kotlinc takes
/// 10-30 s even for one small file, so the emitter and its examples are compiled once per test
/// run, into one class folder, and each test runs its own `main` with plain `java`.
enum KotlinTools {
    static let stdlib = "/usr/share/java/kotlin-stdlib.jar"
    static let available =
        TypeScriptTools.path(of: "kotlinc") != nil && TypeScriptTools.path(of: "java") != nil
        && FileManager.default.fileExists(atPath: stdlib)
    static let skipReason: Comment = "needs kotlinc and java: apt-get install kotlin openjdk-17-jdk-headless (scripts/setup.sh does)"

    /// The class folder, or what kotlinc said when it failed.
    static let compiled: Result<String, Failure> = {
        let out = NSTemporaryDirectory() + "streamshot-kotlin-\(UUID().uuidString)"
        let emitters = TraceRecorderTests.root + "/Emitters/android"
        let (status, said) = run("kotlinc", ["-d", out] + ["StreamshotTrace.kt", "Example.kt", "EdgeCases.kt"].map { emitters + "/" + $0 })
        return status == 0 ? .success(out) : .failure(Failure(description: "kotlinc: \(said)"))
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `example.<main>Kt` from the compiled emitter. - Throws: when it cannot be compiled or does not exit 0.
    static func runExample(_ main: String, _ arguments: [String]) throws {
        let classes = try compiled.get()
        let (status, said) = run("java", ["-cp", classes + ":" + stdlib, "example.\(main)Kt"] + arguments)
        guard status == 0 else { throw Failure(description: "\(main): \(said)") }
    }

    /// Runs `tool` to its end: its exit status and what it wrote to stdout and stderr.
    static func run(_ tool: String, _ arguments: [String]) -> (Int32, String) {
        guard let path = TypeScriptTools.path(of: tool) else { return (-1, "\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return (-1, "\(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
