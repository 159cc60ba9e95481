import Foundation
import Streamshot

/// Issue 33's long answer on a slow network: a 20 KB Arabic answer arriving as a stamped JSON
/// Lines capture over about 340 s (about 20,000 frames at 60 fps), rendered by the release binary
/// at 1170x2532 and golden-tested by a team's package as teams run it (`swift test`, debug),
/// each process's peak memory its own (`ChildProcess`).
enum LongAnswerMeasurements {
    static let folder = NSTemporaryDirectory() + "streamshot-long/"

    static func run(streamshot: String) throws -> [Ratio] {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let long = try capture(bytes: 20 * 1024, seconds: 340, name: "long")
        let short = try capture(bytes: 1024, seconds: 17, name: "short")
        let longRender = try render(streamshot, long, out: "long-render")
        let shortRender = try render(streamshot, short, out: "short-render")
        let frames = try frameCount(folder + "long-render/manifest.json")
        let test = try ConsumerTest(checkout: Workloads.root, capture: long).measure()
        let testShare = test.run.ms / longRender.ms
        return [
            Ratio(name: "long answer: render peak memory, 20 KB over 340 s at 1170x2532", value: longRender.peakMB, target: "<= 250 MB",
                  met: longRender.peakMB <= 250, detail: String(format: "%d frames in %.1f s", frames, longRender.ms / 1000)),
            Ratio(name: "long answer: flatness, render peak memory 20 KB / 1 KB", value: longRender.peakMB / shortRender.peakMB,
                  target: "<= 1.2", met: longRender.peakMB / shortRender.peakMB <= 1.2,
                  detail: String(format: "%.0f MB vs %.0f MB", longRender.peakMB, shortRender.peakMB)),
            Ratio(name: "long answer: a team's golden test (snapshot + checks, debug), peak memory", value: test.run.peakMB,
                  target: "<= 400 MB", met: test.run.peakMB <= 400, detail: test.run.status == 0 ? "the test passed" : "the test FAILED"),
            Ratio(name: "long answer: that test's time / a full release render's", value: testShare, target: "<= 0.25", met: testShare <= 0.25,
                  detail: String(format: "%.1f s vs %.1f s", test.run.ms / 1000, longRender.ms / 1000)),
            Ratio(name: "long answer: that test's references, MB", value: test.referenceMB, target: "<= 5 MB", met: test.referenceMB <= 5,
                  detail: "\(test.referenceCount) files"),
            try compareAgainstRender(streamshot),
        ]
    }

    /// `compare` of two 3G renders of a 1 KB answer, against one render's time: each the best
    /// of three runs, as both take well under a second and one run is at the machine's mercy.
    static func compareAgainstRender(_ streamshot: String) throws -> Ratio {
        let answer = folder + "compare.md"
        try Workloads.arabicDocument(bytes: 1024).write(toFile: answer, atomically: true, encoding: .utf8)
        func render(seed: Int, out: String) throws -> Double {
            try ChildProcess.succeed(streamshot, ["render", answer, "--network", "3g", "--seed", "\(seed)", "--out", folder + out,
                                                  "--fonts", Workloads.fonts]).ms
        }
        let one = try (0..<3).map { _ in try render(seed: 1, out: "a") }.min()!
        _ = try render(seed: 2, out: "b")
        let compare = try (0..<3).map { _ in
            try ChildProcess.succeed(streamshot, ["compare", folder + "a", folder + "b", "--out", folder + "compare", "--fonts", Workloads.fonts]).ms
        }.min()!
        return Ratio(name: "compare: two 3G renders of a 1 KB answer / one render (best of 3 each)", value: compare / one, target: "<= 2",
                     met: compare / one <= 2, detail: String(format: "%.2f s vs %.2f s", compare / 1000, one / 1000))
    }

    /// A stamped capture of an Arabic answer of `bytes`, a few words at a time over `seconds`, with
    /// a seeded jitter: the same file every run.
    static func capture(bytes: Int, seconds: Double, name: String) throws -> String {
        let words = Workloads.arabicDocument(bytes: bytes).split(separator: " ", omittingEmptySubsequences: false)
        var random: UInt64 = 5
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var chunks: [String] = []
        var index = 0
        while index < words.count {
            let count = 1 + next(4)
            chunks.append(words[index..<min(words.count, index + count)].joined(separator: " ") + " ")
            index += count
        }
        let step = seconds * 1000 / Double(chunks.count)
        var lines = chunks.enumerated().map { offset, chunk in
            let time = 700 + Double(offset) * step + Double(next(Int(step / 2) + 1))
            return #"{"t": \#(Int(time)), "type": "delta", "content": \#(jsonString(chunk))}"#
        }
        lines.append(#"{"t": \#(Int(700 + seconds * 1000 + step)), "type": "done"}"#)
        let path = folder + name + ".jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data(), as: UTF8.self)
            .dropFirst().dropLast().description
    }

    private static func render(_ streamshot: String, _ capture: String, out: String) throws -> ChildRun {
        try ChildProcess.succeed(streamshot, ["render", capture, "--out", folder + out, "--link-repeats", "--fonts", Workloads.fonts])
    }

    private static func frameCount(_ manifest: String) throws -> Int {
        var count = 0
        try ManifestFile(path: manifest).forEachFrame { _ in count += 1 }
        return count
    }
}
