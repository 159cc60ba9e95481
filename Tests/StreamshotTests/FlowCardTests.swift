import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// A tool called after the answer started is a card in the answer's flow, as Claude's app keeps
/// it (issue 49, item 4): where the call was made, from the frame the reveal reaches there, with
/// its status as it runs and its result once done; the text after it starts below it, and
/// nothing shown above it ever moves.
@Suite struct FlowCardTests {
    static func render(_ language: String, profile: ClientProfile = .reference) throws -> (scenes: [FrameScene], loop: FrameLoop) {
        let path = TestSupport.examples.appendingPathComponent("citations/anthropic-search-midway-\(language).sse").path
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        var options = TestSupport.smallOptions(pacing: profile.pacing)
        options.client = profile
        return try TestSupport.scenes(transcript, options: options)
    }

    static let leadIns = [
        "ar": "سأراجع أحكام محكمة النقض في انقطاع التقادم.", "en": "Let me check the Court of Cassation's rulings on interruption."
    ]
    static let queries = ["ar": "محكمة النقض انقطاع التقادم المطالبة الق…", "en": "Court of Cassation interruption limitat…"]

    private static func card(_ scene: FrameScene) -> PlacedOverlay? {
        scene.placedOverlays.first { $0.overlay.kind == .toolCard && $0.overlay.block != nil }
    }

    /// The text after a call made inside the answer starts a paragraph, from the call's start: the
    /// word before it is whole, and the call remembers where in the text it was made.
    @Test(arguments: ["ar", "en"])
    func theTextBeforeACallEndsWithTheCall(_ language: String) throws {
        let path = TestSupport.examples.appendingPathComponent("citations/anthropic-search-midway-\(language).sse").path
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        var playback = StreamPlayback(transcript)
        let call = try #require(transcript.events.first { if case .activity(.toolStarted) = $0.kind { true } else { false } })
        _ = playback.advance(to: call.timeMs)
        let text = String(String.UnicodeScalarView(playback.text.scalars))
        #expect(text.hasSuffix(Self.leadIns[language]! + "\n\n"), "\(text.suffix(80).debugDescription)")
        #expect(playback.activity.calls.map(\.afterChars) == [playback.text.count])
        _ = playback.advance(to: .infinity)
        let whole = String(String.UnicodeScalarView(playback.text.scalars))
        #expect(!whole.contains(Self.leadIns[language]! + "\n\n\n"), "one blank line between, not two")
    }

    @Test(arguments: ["ar", "en"])
    func aCallInsideTheAnswerIsACardWhereItWasMade(_ language: String) throws {
        let (scenes, loop) = try Self.render(language)
        let carded = scenes.filter { Self.card($0) != nil }
        let first = try #require(carded.first)
        // From the call's start, once the reveal has reached the blank line after the lead-in.
        let leadIn = try #require(loop.arrivedText.range(of: Self.leadIns[language]! + "\n\n"))
        #expect(first.content.revealedChars == loop.arrivedText[..<leadIn.upperBound].unicodeScalars.count)
        #expect(Self.card(first)?.overlay.text == "Searching…" && Self.card(first)?.overlay.spinner == true)
        #expect(carded.contains { Self.card($0)?.overlay.text == "Searching… 1s · “\(Self.queries[language]!)”" })
        let last = try #require(Self.card(scenes.last!))
        #expect(last.overlay.text == "Searched the web · 2 sources · “\(Self.queries[language]!)”" && !last.overlay.spinner)
        // Once it has a card, the call has no status line under the answer as well.
        #expect(!carded.contains { $0.placedOverlays.contains { $0.overlay.kind == .toolStatus } })
        // Between the lead-in and the text after it, in every frame that shows them, on the card's own room.
        let blocks = loop.manifestBlocks
        let cardIndex = try #require(blocks.firstIndex { $0.kind == .toolCard })
        #expect(blocks[cardIndex - 1].text == Self.leadIns[language])
        #expect(blocks[cardIndex + 1].kind == .paragraph)
        for scene in carded {
            let card = Self.card(scene)!
            let room = try #require(scene.blocks.first { $0.placed.layout.blockId == blocks[cardIndex].id }?.placed)
            #expect(card.y >= room.top - scene.scroll && card.y + card.height <= room.bottom - scene.scroll)
            if let above = scene.blocks.first(where: { $0.placed.layout.blockId == blocks[cardIndex - 1].id }) {
                #expect(above.placed.bottom <= room.top)
            }
            if let below = scene.blocks.first(where: { $0.placed.layout.blockId == blocks[cardIndex + 1].id }) {
                #expect(room.bottom <= below.placed.top)
            }
        }
    }

    /// The card's room is decided once: the blocks above it never move, as its words change.
    @Test func theCardsRoomNeverChanges() throws {
        let (scenes, _) = try Self.render("ar")
        let rooms = scenes.compactMap { scene -> Double? in
            guard let card = Self.card(scene) else { return nil }
            return scene.blocks.first { $0.placed.layout.blockId == card.overlay.block }.map { $0.placed.top * 1000 + $0.placed.layout.height }
        }
        #expect(!rooms.isEmpty && Set(rooms).count == 1)
    }

    /// A profile that draws no cards keeps the status line under the answer while the call runs.
    @Test func withoutCardsTheStatusLineStands() throws {
        var profile = ClientProfile.reference
        profile.overlays.activity?.toolCards = false
        let (scenes, loop) = try Self.render("en", profile: profile)
        #expect(!scenes.contains { Self.card($0) != nil })
        #expect(!loop.manifestBlocks.contains { $0.kind == .toolCard })
        #expect(scenes.contains { $0.placedOverlays.contains { $0.overlay.kind == .toolStatus } })
    }
}

/// Where a call inside the answer meets what else the answer holds: citations counted over the
/// whole message, calls made together, a footnote, a code block, an answer not yet started.
@Suite struct FlowCardEdgeTests {
    /// An AI SDK UI stream of `parts`: text deltas (`"…"`), a tool call (`call:NAME`) and its
    /// result (`result`), 100 ms apart.
    static func aiSDK(_ parts: [String]) throws -> Transcript {
        var lines: [String] = []
        for (index, part) in parts.enumerated() {
            let event: String
            if part.hasPrefix("call:") {
                event = #"{"type":"tool-input-start","toolCallId":"c\#(index)","toolName":"\#(part.dropFirst(5))"}"#
            } else if part == "result" {
                event = #"{"type":"tool-output-available","toolCallId":"c","output":{}}"#
            } else {
                let data = try JSONSerialization.data(withJSONObject: ["type": "text-delta", "id": "t0", "delta": part])
                event = String(decoding: data, as: UTF8.self)
            }
            lines += [": t=\(100 * (index + 1))", "data: " + event, ""]
        }
        lines += [": t=\(100 * (parts.count + 1))", #"data: {"type":"finish"}"#, "", ""]
        return try InputLoader.load(bytes: Array(lines.joined(separator: "\n").utf8), fileExtension: "sse", network: .instant, seed: 1)
    }

    static func text(_ transcript: Transcript) -> String {
        transcript.events.compactMap { if case .delta(let text) = $0.kind { text } else { nil } }.joined()
    }

    /// Gemini counts its grounding segments over the whole answer: the blank line Streamshot adds
    /// at a code run in the middle of a sentence is not the provider's, and every span cites the
    /// words it did without the run.
    @Test func citationsCountedOverTheWholeAnswerSkipTheAddedBlankLine() throws {
        let plain = try String(contentsOf: TestSupport.examples.appendingPathComponent("citations/gemini-en.sse"), encoding: .utf8)
        var events = plain.components(separatedBy: "\n\n")
        let at = try #require(events.firstIndex { $0.contains("\"however, lapse after \"") })
        let code =
            #"{"candidates": [{"content": {"parts": [{"executableCode": {"language": "PYTHON", "code": "print(15*12)"}}], "role": "model"}, "index": 0}]}"#
        let result =
            #"{"candidates": [{"content": {"parts": [{"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "180"}}], "role": "model"}, "index": 0}]}"#
        events.insert(contentsOf: [": t=700\ndata: " + code, ": t=720\ndata: " + result], at: at + 1)
        func cited(_ stream: String) throws -> [String] {
            let transcript = try InputLoader.load(bytes: Array(stream.utf8), fileExtension: "sse", network: .instant, seed: 1)
            let text = Array(Self.text(transcript).unicodeScalars)
            return transcript.events.compactMap { event in
                guard case .citation(let citation) = event.kind, let span = citation.span else { return nil }
                // The span of a sentence the call split holds the added blank line: its words are the same.
                return String(String.UnicodeScalarView(text[span])).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
        }
        let withCall = try cited(events.joined(separator: "\n\n"))
        let without = try cited(plain)
        #expect(!withCall.isEmpty && withCall == without, "\(withCall) vs \(without)")
    }

    /// Two calls made together end in the order they were made; the answer's text going on ends them all.
    @Test func callsMadeTogetherEndInTurnAndTextEndsThemAll() {
        var activity = ArrivedActivity()
        activity.apply(.toolStarted("lookupClause"), at: 0, textCount: 10)
        activity.apply(.toolStarted("web_search"), at: 10, textCount: 10)
        activity.apply(.toolFinished, at: 500)
        #expect(activity.calls.map(\.endMs) == [500, nil])
        #expect(activity.openTool?.name == "web_search")
        activity.apply(.toolStarted("lookupClause"), at: 600, textCount: 10)
        activity.textArrived(at: 900)
        #expect(activity.calls.map(\.endMs) == [500, 900, 900])
        #expect(activity.openTool == nil)
    }

    /// A call before anything but white space is a call before the answer: its card is above it.
    @Test func aCallAfterOnlyWhiteSpaceIsBeforeTheAnswer() throws {
        let transcript = try Self.aiSDK(["\n", "call:web_search", "result", "The answer."])
        var playback = StreamPlayback(transcript)
        _ = playback.advance(to: .infinity)
        #expect(playback.activity.calls.map(\.afterChars) == [nil])
        #expect(!Self.text(transcript).hasPrefix("\n\n\n"), "no blank line added before the answer")
    }

    /// A call inside a code block adds nothing to the code, and has no card in the flow: the code
    /// goes on after it, so there is no place between.
    @Test func aCallInsideCodeLeavesTheCodeWhole() throws {
        let transcript = try Self.aiSDK(["```python\nprint(1)\n", "call:run_code", "result", "print(2)\n```\n\nDone."])
        #expect(Self.text(transcript) == "```python\nprint(1)\nprint(2)\n```\n\nDone.")
        var options = TestSupport.smallOptions()
        options.client = .reference
        let (_, loop) = try TestSupport.scenes(transcript, options: options)
        #expect(!loop.manifestBlocks.contains { $0.kind == .toolCard })
    }

    /// A footnote's section stays under the answer: the card goes where the call was made, above it.
    @Test func aCardStandsAboveTheFootnotes() throws {
        let transcript = try Self.aiSDK([
            "The term is one year.[^1] ", "Let me check.\n\n[^1]: Article 5 of the lease.\n", "call:web_search", "result",
            "The notice period is two months.\n"
        ])
        var options = TestSupport.smallOptions()
        options.client = .reference
        let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
        #expect(!loop.manifestBlocks.contains { $0.kind == .notice }, "the stream ends as it says")
        let placed = loop.placedBlocks.map { ($0.layout.blockId, $0.layout.text) }
        let card = try #require(placed.firstIndex { $0.0 <= StrategyClient.firstToolCardId })
        #expect(placed[card - 1].1.hasPrefix("The term is one year") && placed[card + 1].1.hasPrefix("The notice period"), "\(placed)")
        // Where it first stood, it stays.
        let tops = scenes.compactMap { scene in scene.blocks.first { $0.placed.layout.blockId == placed[card].0 }?.placed.top }
        #expect(!tops.isEmpty && Set(tops).count == 1, "\(Set(tops))")
    }
}
