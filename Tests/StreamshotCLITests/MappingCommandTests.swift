import ArgumentParser
import Foundation
import Streamshot
import Testing

@testable import StreamshotCLI

/// A team's made-up in-house protocol, read by a declared mapping through `render` and `inspect`:
/// the options and the mapping file render it exactly; wrong pointers and a mapping that finds
/// nothing are refused, naming what and where.
@Suite(.serialized) struct MappingCommandTests {
    /// "Acme" events: a hello, chunks under payload.chunk, a heartbeat, then finished; epoch-ms stamps.
    static let acme = [
        #"{"ts":1732580000000,"kind":"hello","session":"s-1"}"#,
        ###"{"ts":1732580000350,"kind":"chunk","payload":{"chunk":"## الإيجار\n\n"}}"###,
        #"{"ts":1732580000500,"kind":"heartbeat"}"#,
        #"{"ts":1732580000620,"kind":"chunk","payload":{"chunk":"مدة العقد سنة، "}}"#,
        #"{"ts":1732580000910,"kind":"chunk","payload":{"chunk":"and the notice is 60 days."}}"#,
        #"{"ts":1732580001200,"kind":"finished","usage":{"out":9}}"#
    ]
    static let text = "## الإيجار\n\nمدة العقد سنة، and the notice is 60 days."
    static let options = ["--map-text", "/payload/chunk", "--map-end", "/kind=finished", "--map-error", "/err/message", "--map-time", "/ts"]

    static func file(_ name: String, _ contents: String) throws -> String {
        let path = CommandRunTests.temporaryDirectory("mapping") + "/" + name
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func optionsAndAMappingFileRenderAnInHouseProtocolExactly() throws {
        let input = try Self.file("acme.jsonl", Self.acme.joined(separator: "\n") + "\n")
        let byOptions = try Manifest.read(from: try CommandRunTests.render([input] + Self.options) + "/manifest.json")
        #expect(byOptions.text == Self.text)
        #expect(byOptions.format == "mapping")
        #expect(byOptions.warnings.isEmpty)
        #expect(byOptions.skipped == ["unmapped": 2], "the hello and the heartbeat: counted, not warned about")
        #expect(byOptions.ending == Ending(kind: .done, timeMs: 1200), "ends at the finished event, timed by /ts from the first")
        #expect(byOptions.options.mapping == Self.options.joined(separator: " "))

        let mapping = try Self.file(
            "acme-mapping.json",
            #"{"text":"/payload/chunk","end":{"pointer":"/kind","equals":"finished"},"error":"/err/message","time":"/ts"}"#)
        let byFile = try Manifest.read(from: try CommandRunTests.render([input, "--mapping", mapping]) + "/manifest.json")
        #expect(byFile.text == Self.text && byFile.ending == byOptions.ending && byFile.frames.count == byOptions.frames.count)

        // The same events as SSE `data:` lines read the same.
        let sse = try Self.file("acme.sse", Self.acme.map { "data: \($0)\n\n" }.joined())
        let bySSE = try Manifest.read(from: try CommandRunTests.render([sse] + Self.options) + "/manifest.json")
        #expect(bySSE.text == Self.text && bySSE.ending == byOptions.ending && bySSE.warnings.isEmpty)
    }

    @Test func anErrorEventFailsTheAnswerWithItsMessage() throws {
        let lines = Array(Self.acme.prefix(2)) + [#"{"ts":1732580000400,"kind":"failed","err":{"message":"quota exceeded"}}"#]
        let input = try Self.file("acme-error.jsonl", lines.joined(separator: "\n"))
        let manifest = try Manifest.read(from: try CommandRunTests.render([input] + Self.options) + "/manifest.json")
        #expect(manifest.text == "## الإيجار\n\n")
        #expect(manifest.ending == Ending(kind: .error, timeMs: 400))
        #expect(manifest.warnings.map(\.kind) == [.streamError])
    }

    @Test func wrongPointersAndAMappingThatFindsNothingAreNamed() throws {
        let input = try Self.file("acme.jsonl", Self.acme.joined(separator: "\n"))
        #expect { try CommandRunTests.render([input, "--map-text", "payload/chunk"]) } throws: {
            StreamshotCommand.Render.message(for: $0) == "--map-text payload/chunk: a JSON Pointer starts with / (RFC 6901), such as /payload/chunk"
        }
        #expect { try CommandRunTests.render([input, "--map-text", "/a~2"]) } throws: {
            StreamshotCommand.Render.message(for: $0).hasPrefix("--map-text /a~2: ~ in a JSON Pointer must be ~0")
        }
        #expect { try CommandRunTests.render([input, "--map-end", "/kind=finished"]) } throws: {
            StreamshotCommand.Render.message(for: $0).contains("a mapping needs --map-text")
        }
        #expect { try CommandRunTests.render([input, "--map-text", "/a", "--format", "ollama"]) } throws: {
            StreamshotCommand.Render.message(for: $0).hasPrefix("--format ollama and a mapping")
        }
        let badFile = try Self.file("bad-mapping.json", #"{"text":"/payload/chunk","finish":"/done"}"#)
        #expect { try CommandRunTests.render([input, "--mapping", badFile]) } throws: {
            StreamshotCommand.Render.message(for: $0) == "--mapping \(badFile): unknown key finish; a mapping has text, end, error and time"
        }
        #expect { try CommandRunTests.render([input, "--map-text", "/payload/text", "--map-end", "/kind=done"]) } throws: {
            "\($0)".contains(
                "\(input): the mapping (--map-text /payload/text --map-end /kind=done) finds no text, end or error in any of 6 events; the first is a JSON object with keys kind, session, ts"
            )
        }
        let numbers = try Self.file("numbers.jsonl", #"{"payload":{"chunk":7}}"# + "\n" + #"{"payload":{"chunk":"ok"}}"#)
        let manifest = try Manifest.read(from: try CommandRunTests.render([numbers, "--map-text", "/payload/chunk"]) + "/manifest.json")
        #expect(manifest.text == "ok")
        #expect(manifest.warnings.map(\.message).contains("line 1: /payload/chunk (--map-text) is a number, expected a string; skipped"))
    }

    @Test func inspectSaysWhichPointerEachEventMatched() throws {
        let input = try Self.file("acme.jsonl", Self.acme.joined(separator: "\n"))
        let settings = try StreamshotCommand.Inspect.parse([input] + Self.options).source.settings(scopes: [.stream])
        let lines = try TimelineInspector.lines(path: input, network: settings.network, seed: 1, format: settings.eventFormat)
        let reads = try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["kind"] as? String == "read" }
        #expect(reads.map { $0["as"] as? [String] ?? [] } == [["skipped:unmapped"], ["text"], ["skipped:unmapped"], ["text"], ["text"], ["end"]])
        #expect(reads[1]["matched"] as? [String] == ["--map-text /payload/chunk", "--map-time /ts"])
        #expect(reads[5]["matched"] as? [String] == ["--map-end /kind=finished", "--map-time /ts"])
        #expect(reads[0]["place"] as? String == "line 1" && reads[5]["t"] as? Int == 1200)
    }
}
