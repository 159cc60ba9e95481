import Foundation
import Streamshot
import StreamshotGraphics

/// What the review tests need, on their own: the package's folders, fonts, and small renders on disk.
enum Fixtures {
    /// The package root, found from this file (Tests/StreamshotReviewTests/Fixtures.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fontsDirectory = root.appendingPathComponent("Fonts").path
    static let examples = root.appendingPathComponent("Examples")

    /// A font library of its own for each caller: Pango objects must not be shared across the
    /// threads that tests run on.
    static func makeFonts() throws -> FontLibrary { try FontLibrary(directory: fontsDirectory) }

    static func temporaryDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "streamshot-review-tests-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A small render on disk (390 x 400 pt at 1x): the Arabic lease example over 3G, seed 4.
    /// - Returns: the render's folder.
    static func render(_ name: String, pacing: PacingPolicy) throws -> String {
        let out = temporaryDirectory("render-\(name)")
        var options = RenderOptions()
        options.widthPt = 390
        options.heightPt = 400
        options.scale = 1
        options.client.pacing = pacing
        let input = examples.appendingPathComponent("ar-lease.md").path
        _ = try RenderJob(input: .file(input), network: .threeG, seed: 4, options: options, fontsDirectory: fontsDirectory)
            .render(to: out)
        return out
    }

    /// Runs one of scripts/*.py (a headless-Chromium check) and returns the JSON object it prints.
    static func runScript(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: [String: Any]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("scripts/\(name)").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }
}
