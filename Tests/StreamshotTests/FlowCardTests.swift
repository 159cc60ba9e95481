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
