import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// Each command's `run()`, in process, on real files: what it writes and how it fails.
@Suite(.serialized) struct CommandRunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fonts = root + "/Fonts"
    static let small = ["--size", "200x300", "--scale", "1", "--fonts", fonts]

    static func temporaryDirectory(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "streamshot-cli-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A short answer on disk.
    static func input(_ text: String = "# عنوان\n\nنص قصير هنا.\n") throws -> String {
        let path = temporaryDirectory("input") + "/answer.md"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func render(_ arguments: [String]) throws -> String {
        let out = temporaryDirectory("render")
        let command = try StreamshotCommand.Render.parse(arguments + ["--out", out] + small)
        try command.run()
        return out
    }

    @Test func renderWritesFramesAndAManifest() throws {
        let out = try Self.render([try Self.input(), "--network", "instant"])
        let manifest = try Manifest.read(from: out + "/manifest.json")
        #expect(manifest.direction == .rtl)
        #expect(manifest.viewport.width == 200)
        #expect(manifest.options.network == "instant")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames")
        #expect(frames.count == manifest.frames.count && !frames.isEmpty)
    }

    @Test func renderNamesTheFileWhenTheInputIsBad() throws {
        let path = Self.temporaryDirectory("bad") + "/empty.sse"
        try Data("just words, no events\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try Self.render([path])
        } throws: { error in
            "\(error)".contains(path)
        }
    }

    @Test func checkPassesAGoodRenderAndFailsABuggyOne() throws {
        let good = try Self.render([try Self.input(), "--network", "instant"])
        var check = try StreamshotCommand.Check.parse([good])
        try check.run()
        let buggy = try Self.render([try Self.input(), "--network", "instant", "--align-resolution", "mirrored-twice"])
        check = try StreamshotCommand.Check.parse([buggy, "--json"])
        #expect(throws: ExitCode(1)) { try check.run() }
    }

    /// A render folder named like a file (the render of `answer.json` in `out/answer.json`) is a
    /// folder; a missing manifest and a folder given as a manifest are named, not a Cocoa error.
    @Test func checkTakesAFolderWhateverItsNameAndNamesWhatIsWrong() throws {
        let out = try Self.render([try Self.input(), "--network", "instant"])
        let named = Self.temporaryDirectory("named") + "/answer.json"
        try FileManager.default.moveItem(atPath: out, toPath: named)
        try StreamshotCommand.Check.parse([named]).run()
        let missing = named + "/nothing.json"
        #expect(throws: InputError("\(missing): no such manifest")) { try StreamshotCommand.Check.parse([missing]).run() }
        let frames = named + "/frames"
        #expect(throws: InputError("\(frames)/manifest.json: no such manifest")) { try StreamshotCommand.Check.parse([frames]).run() }
        #expect(throws: InputError("\(frames): a folder, not a manifest (a render folder holds manifest.json)")) {
            _ = try ManifestFile(path: frames)
        }
    }

    /// `--strict` fails a render that passes every detector but has a warning (a trace's bad field).
    @Test func checkStrictFailsOnTheRendersWarnings() throws {
        let trace = Self.temporaryDirectory("strict") + "/bad-field.jsonl"
        let records: [String] = [
            #"{"t":0,"type":"start","version":1,"platform":"css","layoutDirection":"rtl"}"#,
            #"{"t":0,"type":"style","direction":"rtl","lineHeight":1.8}"#,
            #"{"t":100,"type":"style","direction":"sideways"}"#,
            #"{"t":350,"type":"show","append":"يلتزم "}"#,
            #"{"t":410,"type":"show","append":"المستأجر "}"#,
            #"{"t":470,"type":"show","append":"بدفع "}"#,
            #"{"t":530,"type":"show","append":"الأجرة "}"#,
            #"{"t":590,"type":"show","append":"في "}"#,
            #"{"t":650,"type":"show","append":"موعدها."}"#,
            #"{"t":710,"type":"end","kind":"done"}"#
        ]
        try Data((records.joined(separator: "\n") + "\n").utf8)
            .write(to: URL(fileURLWithPath: trace))
        let out = try Self.render([trace])
        try StreamshotCommand.Check.parse([out]).run()
        #expect(throws: ExitCode(1)) { try StreamshotCommand.Check.parse([out, "--strict"]).run() }
    }

    @Test func profileWritesCostsAndAPlot() throws {
        let out = Self.temporaryDirectory("profile")
        let command = try StreamshotCommand.Profile.parse([try Self.input(), "--out", out, "--no-frames", "--json"] + Self.small)
        try command.run()
        let manifest = try Manifest.read(from: out + "/manifest.json")
        #expect(manifest.frames.allSatisfy { ($0.costMs?[.paint] ?? 0) > 0 })
        #expect(FileManager.default.fileExists(atPath: out + "/cost.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/frames/000000.png"))
    }

    @Test func reviewAndCompareWriteTheirImages() throws {
        let input = try Self.input()
        let smooth = try Self.render([input])
        let raw = try Self.render([input, "--pacing", "raw"])
        let review = try StreamshotCommand.Review.parse([smooth, "--fonts", Self.fonts])
        try review.run()
        for file in ["review/contact-sheet.png", "review/timeline.png", "review/animation.png", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: smooth + "/" + file), "review did not write \(file)")
        }
        let out = Self.temporaryDirectory("compare")
        let compare = try StreamshotCommand.Compare.parse([smooth, raw, "--out", out, "--fonts", Self.fonts])
        try compare.run()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).contains { $0.hasSuffix(".png") })
    }

    @Test func inspectAndRecordFailClearlyOnWhatTheyCannotRead() async throws {
        let inspect = try StreamshotCommand.Inspect.parse(["/nonexistent/answer.sse"])
        #expect { try inspect.run() } throws: { "\($0)".contains("/nonexistent/answer.sse: cannot read the file") }
        let record = try StreamshotCommand.Record.parse(["ftp://example.invalid/stream", "--out", Self.temporaryDirectory("record") + "/c.sse"])
        await #expect { try await record.run() } throws: { "\($0)".contains("ftp://example.invalid/stream") }
    }

    /// A folder that lacks frames' PNGs is named: contrast was not judged on them.
    @Test func checkNamesTheFramesAFolderLacks() throws {
        let out = try Self.render([try Self.input()])
        let manifest = try ManifestFile(path: out + "/manifest.json")
        #expect(try StreamshotCommand.Check.missingFrames(manifest, folder: out) == nil)
        try FileManager.default.removeItem(atPath: out + "/frames/000000.png")
        let note = try #require(try StreamshotCommand.Check.missingFrames(manifest, folder: out))
        #expect(note.hasPrefix("note: 1 of the ") && note.contains("(the first, frames/000000.png)"), "\(note)")
    }

    /// `inspect` shows every event of an SSE stream whatever its format, then why it cannot be read.
    @Test func inspectShowsTheEventsOfAnUnknownStream() throws {
        let path = Self.temporaryDirectory("inspect") + "/in-house.sse"
        try "data: {\"foo\":1}\n\ndata: {\"foo\":2}\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (lines, failure) = TimelineInspector.inspect(path: path, network: .instant, seed: 1)
        #expect(lines.filter { $0.contains(#""kind":"sse""#) }.count == 2)
        let summary = try #require(lines.last)
        #expect(
            summary.contains(#""kind":"summary","format":null,"error":"#) && summary.contains("no event of a known format in 2 events"), "\(summary)")
        #expect(failure != nil)
    }
}
