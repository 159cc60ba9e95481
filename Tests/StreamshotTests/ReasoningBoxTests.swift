import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotManifest
@testable import StreamshotModel

/// The opened reasoning is a box of its own height that scrolls inside itself, as the apps'
/// is: eight lines of a long thought, a fade where more lies below (or above), the reader's drag
/// (`scroll-reasoning`) moving the lines inside it and never the answer under it.
@Suite struct ReasoningBoxTests {
    static let sentence = "I will check the limitation period for each kind of claim under the lease and the articles that govern it. "

    /// An Anthropic stream: `sentences` of thinking over 3 s, then a short answer.
    static func stream(sentences: Int) -> String {
        var events: [(Int, String)] = [
            (100, #"{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"claude"}}"#),
            (150, #"{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}"#)
        ]
        for index in 0..<sentences {
            let delta = #"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"\#(sentence)"}}"#
            events.append((200 + index * 3000 / sentences, delta))
        }
        events += [
            (3300, #"{"type":"content_block_stop","index":0}"#),
            (3400, #"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#),
            (
                3500,
                #"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Rent claims lapse after five years.\n\nOther claims lapse after fifteen."}}"#
            ),
            (3600, #"{"type":"content_block_stop","index":1}"#), (3700, #"{"type":"message_stop"}"#)
        ]
        return events.map { ": t=\($0.0)\nevent: x\ndata: \($0.1)\n\n" }.joined()
    }

    static func render(sentences: Int, _ interactions: [String]) throws -> Manifest {
        let path = TestSupport.temporaryDirectory("reasoning-box") + "/thinking.sse"
        try stream(sentences: sentences).write(toFile: path, atomically: true, encoding: .utf8)
        var settings = try RenderSettings(arguments: ["--scale", "1", "--size", "390x700"] + interactions.flatMap { ["--interaction", $0] })
        settings.fonts = TestSupport.fontsDirectory
        return try settings.job(input: .file(path)).render { _, _ in }
    }

    /// The reasoning box on the frame at `timeMs`, and the answer's first block there.
    static func box(_ manifest: Manifest, at timeMs: Double) throws -> (box: Frame.Block, answer: Frame.Block) {
        let frame = try #require(manifest.frames.last { $0.timeMs <= timeMs })
        let box = try #require(frame.blocks.first { $0.id == StrategyClient.reasoningId })
        let answer = try #require(frame.blocks.first { $0.id >= 0 })
        return (box, answer)
    }

    @Test func aLongThoughtOpensInABoxThatTheReaderScrolls() throws {
        let manifest = try Self.render(
            sentences: 12, ["expand@5s:reasoning", "scroll-reasoning@6s:60", "scroll-reasoning@7s:100000", "scroll-reasoning@8s:-100000"])
        let whole = try #require(manifest.blocks.first { $0.id == StrategyClient.reasoningId }).text.unicodeScalars.count
        let opened = try Self.box(manifest, at: 5900)
        let down = try Self.box(manifest, at: 6900)
        let end = try Self.box(manifest, at: 7900)
        let back = try Self.box(manifest, at: 9000)
        for state in [opened, down, end, back] {
            #expect(state.box.lines.count == ReasoningBoxTests.lines, "eight lines of the thought, whatever its length")
            #expect(state.box.height == opened.box.height && state.answer.top == opened.answer.top, "the answer under it never moves")
        }
        #expect(opened.box.lines.first?.start == 0)
        let pitch = opened.box.linePitch
        // 60 pt at scale 1, in whole lines of its pitch.
        #expect(down.box.lines.first?.start == opened.box.lines[Int((60 / pitch).rounded())].start)
        #expect(end.box.lines.last?.end == whole, "dragged past its end, it stops at its last line")
        #expect(back.box.lines.first?.start == 0, "and back at its start")
    }

    @Test func aShortThoughtIsShownWhole() throws {
        let manifest = try Self.render(sentences: 2, ["expand@5s:reasoning", "scroll-reasoning@6s:60"])
        let opened = try Self.box(manifest, at: 5900)
        let dragged = try Self.box(manifest, at: 6900)
        #expect(opened.box.lines.count < ReasoningBoxTests.lines && opened.box.lines.first?.start == 0)
        #expect(dragged.box.lines.map(\.start) == opened.box.lines.map(\.start), "nothing to scroll")
    }

    static let lines = StrategyClient.reasoningLines
}
