import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotManifest
@testable import StreamshotModel

/// Citations read from each provider's own events (Examples/citations, written by
/// scripts/make-citation-fixtures.py), placed as the reference places them, and drawn.
@Suite struct CitationTests {
    static let formats = ["openai-responses", "openai-chat", "perplexity", "anthropic", "gemini", "cohere", "ai-sdk"]
    static let files = formats.flatMap { ["\($0)-ar.sse", "\($0)-en.sse"] }

    /// The four sources' titles as each fixture names them (Gemini's grounding titles a web page by its domain).
    static func titles(_ file: String) -> [String] {
        if file.hasPrefix("gemini") { return ["manshurat.org", "cc.gov.eg", "mohamah.net", "manshurat.org"] }
        if file.hasSuffix("-ar.sse") {
            return [
                "القانون المدني المصري، المادة 374", "محكمة النقض، الطعن رقم 1234 لسنة 80 ق", "دليل عقود الإيجار التجارية",
                "القانون المدني المصري، المادة 375"
            ]
        }
        return [
            "Egyptian Civil Code, Article 374", "Court of Cassation, Appeal No. 1234 of Year 80", "Commercial lease guide",
            "Egyptian Civil Code, Article 375"
        ]
    }

    /// The five cited sentences, in order, and the source (1-based) each cites.
    static let citedSources = [1, 1, 2, 3, 4]

    static func render(_ file: String, profile: ClientProfile = .reference) throws -> (scenes: [FrameScene], loop: FrameLoop, transcript: Transcript)
    {
        let path = TestSupport.examples.appendingPathComponent("citations/" + file).path
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        var options = TestSupport.smallOptions(pacing: profile.pacing)
        options.client = profile
        let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
        return (scenes, loop, transcript)
    }

    @Test(arguments: files)
    func eachFormatsCitationsAreReadNumberedAndDrawn(_ file: String) throws {
        let (scenes, loop, transcript) = try Self.render(file)
        #expect(transcript.warnings.isEmpty)
        let cited = loop.citationsShown
        // Sources in the order readers meet them, each once.
        #expect(cited.sources.map(\.name) == Self.titles(file))
        let answer = Array(loop.arrivedText.unicodeScalars)
        if file.hasPrefix("ai-sdk") {
            // Parts tied to no words: a Sources list, no chip.
            #expect(cited.chips.isEmpty)
        } else {
            // Every cited sentence has its source's chip, after the sentence or (come late) at its line's end.
            let sentences = Self.sentenceEnds(answer)
            #expect(sentences.count == 5)
            for (end, number) in zip(sentences, Self.citedSources) {
                let lineEnd = answer[end...].firstIndex(of: "\n") ?? answer.count
                #expect(cited.chips.contains { $0.number == number && ($0.position == end || $0.position == lineEnd) }, "\(file): chip \(number)")
            }
            #expect(Set(cited.chips.map(\.number)) == [1, 2, 3, 4])
        }
        // Drawn: each block's chips carry their numbers, inside the column, on the block's lines.
        let blocks = loop.manifestBlocks
        let chips = blocks.filter { $0.id >= 0 }.flatMap { $0.chips ?? [] }
        #expect(chips.count == cited.chips.count)
        #expect(chips.allSatisfy { Int($0.label) != nil && $0.x >= 0 && $0.x + $0.width <= 390 && $0.height > 8 && $0.width > 8 })
        // The Sources list under the answer: a title, then one numbered row per source.
        let list = blocks.filter { $0.id < -1 }
        #expect(list.first?.kind == .heading)
        #expect(list.first?.text == (file.hasSuffix("-ar.sse") ? "المصادر" : "Sources"))
        #expect(list.dropFirst().map { $0.containers?.first?.number } == [1, 2, 3, 4])
        #expect(zip(list.dropFirst(), Self.titles(file)).allSatisfy { $0.text.hasPrefix($1) })
        // Never a marker, nor a chip's label, split from the sentence it ends; never `[1]` shown.
        for scene in scenes {
            #expect(!scene.blocks.contains { $0.placed.layout.text.contains("[1]") })
        }
    }

    /// Where each of the fixture's five cited sentences ends in the answer: after its period
    /// (before a Perplexity marker's place too), or at its line's end when it has none.
    static func sentenceEnds(_ answer: [Unicode.Scalar]) -> [Int] {
        // A Perplexity marker (`[1]`) stands before the period or the line's end: its chip replaces it there.
        func markerStart(before index: Int) -> Int? {
            guard index > 0, answer[index - 1] == "]" else { return nil }
            return answer[..<index].lastIndex(of: "[")
        }
        var ends = answer.indices.filter { answer[$0] == "." }.map { markerStart(before: $0) ?? $0 + 1 }
        if let item = answer.lastIndex(of: "-") {
            let lineEnd = answer[item...].firstIndex(of: "\n") ?? answer.count
            ends.append(markerStart(before: lineEnd) ?? lineEnd)
        }
        return ends
    }
}
extension CitationTests {
    static func arrived(_ text: String, ended: Bool = false) -> ArrivedText {
        var arrived = ArrivedText()
        arrived.append(text)
        arrived.ended = ended
        return arrived
    }

    @Test func aChipGoesAfterItsSentenceNeverInsideANumberOrCode() {
        let text = Self.arrived("Rent is 3.5% a year, due monthly.\" Next one.\n| a | b x |\n```\ncode.\n```\ntail")
        let scalars = Array(text.scalars)
        func end(after words: String) -> SentenceEnd.Place {
            let string = String(String.UnicodeScalarView(scalars))
            let range = string.range(of: words)!
            return SentenceEnd.after(string.unicodeScalars.distance(from: string.unicodeScalars.startIndex, to: range.upperBound), in: text)
        }
        // Past the decimal point and the closing quote, to the sentence's end.
        #expect(end(after: "Rent is 3") == .at(34))
        // A table row's line ends before its closing pipe: the chip stays in the last cell.
        #expect(end(after: "| a") == .at(54))
        #expect(end(after: "b x") == .at(54))
        #expect(end(after: "code") == .never)
        // The last line has not ended while more may come; it has once the stream ended.
        #expect(end(after: "tail") == .notYet)
        #expect(SentenceEnd.after(scalars.count, in: Self.arrived(text.scalars.map(String.init).joined(), ended: true)) == .at(scalars.count))
    }

    @Test func offsetsAreReadInTheProvidersUnitsFromTheirTextBlock() throws {
        var anchoring = CitationAnchoring()
        anchoring.append("## عنوان\n\nالنص الأول.")
        let source = CitationSource(title: "S", url: "https://www.example.com/a")
        // Gemini counts UTF-8 bytes: "عنوان" is 10 of them.
        #expect(try anchoring.place(CitationRead(.offsets(start: 3, end: 13, unit: .utf8), source: source))?.get().span == 3..<8)
        #expect(try anchoring.place(CitationRead(.offsets(start: 3, end: 8, unit: .scalars), source: source))?.get().span == 3..<8)
        #expect(
            anchoring.place(CitationRead(.offsets(start: 3, end: 99, unit: .scalars), source: source))
                == .failure(.pastText(end: 99, unit: .scalars, length: 21)))
        // A cited block waits for its end; a repeated source with no words is kept once.
        #expect(anchoring.place(CitationRead(.currentBlock, source: source)) == nil)
        #expect(anchoring.blockEnds().map(\.span) == [0..<21])
        #expect(anchoring.place(CitationRead(.none, source: source)) != nil)
        #expect(anchoring.place(CitationRead(.none, source: source)) == nil)
        #expect(source.domain == "example.com")
    }

    @Test func profilesThatDropCitationsShowNoChipAndNoList() throws {
        for profile in [ClientProfile.haqqMobile, .lumePolling, .swiftUI] {
            let (_, loop, _) = try Self.render("anthropic-ar.sse", profile: profile)
            #expect(loop.citationsShown.chips.isEmpty && loop.citationsShown.sources.isEmpty, "\(profile.name)")
            #expect(!loop.manifestBlocks.contains { $0.id < -1 || $0.chips != nil }, "\(profile.name)")
        }
    }

    /// OpenAI's web search writes each citation as a link of its own, `([manshurat.org](…))`,
    /// which its `url_citation` covers: the chip takes the link's place (before the full stop),
    /// and no frame shows any of the link's words, brackets or address.
    @Test(arguments: ["openai-web-search-ar.sse", "openai-web-search-en.sse"])
    func aProvidersOwnLinkBecomesItsChip(_ file: String) throws {
        let (scenes, loop, transcript) = try Self.render(file)
        #expect(transcript.warnings.isEmpty)
        let cited = loop.citationsShown
        #expect(cited.sources.map(\.name) == Self.titles(file))
        #expect(cited.chips.map(\.number) == Self.citedSources)
        let answer = Array(loop.arrivedText.unicodeScalars)
        for chip in cited.chips {
            let replaced = String(String.UnicodeScalarView(answer[chip.position..<(chip.position + chip.replacing)]))
            #expect(replaced.hasPrefix(" ([") && replaced.hasSuffix("utm_source=openai))"), "\(replaced)")
            #expect(!chip.reflowed)
        }
        for scene in scenes {
            for block in scene.blocks.map(\.placed.layout) where block.blockId >= 0 {
                #expect(!["(", "[", "utm_source", "http"].contains { block.text.contains($0) }, "\(block.text)")
            }
        }
        let chips = loop.manifestBlocks.filter { $0.id >= 0 }.flatMap { $0.chips ?? [] }
        #expect(chips.map(\.label) == ["1", "1", "2", "3", "4"])
    }

    /// The reveal waits at a link in parentheses until text after it has come, and at a `(` that
    /// is the last character come (a link may follow); never past what has come.
    @Test func theRevealWaitsAtALinkInParentheses() {
        func held(_ text: String, from revealed: Int = 0) -> Int {
            OwnLink.heldReveal(from: revealed, toward: text.unicodeScalars.count + 5, in: Self.arrived(text))
        }
        #expect(held("years ([a.org](https://a.org/x)") == "years".unicodeScalars.count)
        #expect(held("years ([a.org](https://a.org/x)).") == "years ([a.org](https://a.org/x)).".unicodeScalars.count)
        #expect(held("years (") == "years".unicodeScalars.count)
        #expect(held("years (see below) and") == "years (see below) and".unicodeScalars.count)
        #expect(held("", from: 0) == 0)
        #expect(OwnLink.heldReveal(from: 0, toward: 40, in: Self.arrived("years ([a.org](https://a", ended: true)) == 24)
    }

    @Test func aLateCitationReflowsItsBlockInPlaceAndSaysSo() throws {
        // Gemini's grounding arrives with the last chunk: the reference puts each chip at the end
        // of its line; one whose line was shown is put in and recorded, its block keeping its id.
        let (scenes, loop, _) = try Self.render("gemini-en.sse")
        let ids = scenes.map { Set($0.blocks.map(\.placed.layout.blockId).filter { $0 >= 0 }) }
        #expect(ids.last == [0, 1, 2, 3])
        #expect(Set(ids.joined()) == [0, 1, 2, 3], "no block came back under a new id")
        #expect(loop.citationsShown.chips.contains { $0.reflowed })
    }
}

/// The reasoning a reader can open (issue 49): its text read from the stream, its latest
/// sentence under "Thinking…", its body above the answer once the "Thought for" row is tapped.
@Suite struct ReasoningTests {
    static func render(_ reader: [ReaderAction] = [], profile: ClientProfile = .reference) throws -> (scenes: [FrameScene], loop: FrameLoop) {
        let path = TestSupport.examples.appendingPathComponent("citations/anthropic-research-ar.sse").path
        let transcript = try InputLoader.load(path: path, network: .instant, seed: 1)
        var options = TestSupport.smallOptions(pacing: profile.pacing)
        options.client = profile
        options.interactions = reader
        return try TestSupport.scenes(transcript, options: options)
    }

    static let thinking =
        "يسأل المستخدم عن مدة التقادم في دعاوى الإيجار. سأراجع المادتين 374 و375 من القانون المدني، ثم أبحث عن أحكام محكمة النقض في انقطاع التقادم بالمطالبة القضائية."

    @Test func theThinkingTextShowsItsLatestSentenceWhileTheModelThinks() throws {
        let (scenes, _) = try Self.render()
        let previews = scenes.compactMap { scene in scene.placedOverlays.first { $0.overlay.kind == .reasoningPreview }?.overlay }
        #expect(previews.first?.text == "يسأل المستخدم عن مدة التقادم")
        #expect(previews.contains { $0.text == "سأراجع المادتين 374 و375 من القانون المدني، ثم أبحث عن أحكام محكمة النقض" })
        #expect(previews.allSatisfy { $0.direction == .rtl })
        // Gone once the answer starts: the row above it says how long it thought, a card what it searched.
        let started = try #require(scenes.first { !$0.blocks.isEmpty })
        #expect(!started.placedOverlays.contains { $0.overlay.kind == .reasoningPreview })
        #expect(started.placedOverlays.first { $0.overlay.kind == .thought }?.overlay.text == "Thought for 6s")
        let card = try #require(started.placedOverlays.first { $0.overlay.kind == .toolCard })
        #expect(card.overlay.text == "Searched the web · 2 sources · “محكمة النقض انقطاع التقادم المطالبة الق…”")
    }

    @Test func tappingTheRowOpensTheReasoningAboveTheAnswerInItsOwnDirection() throws {
        let (scenes, loop) = try Self.render([ReaderAction(timeMs: 11_000, kind: .expandReasoning)])
        let before = try #require(scenes.last { $0.content.timeMs < 11_000 })
        #expect(!before.blocks.contains { $0.placed.layout.blockId == StrategyClient.reasoningId })
        let body = try #require(loop.manifestBlocks.first)
        #expect(body.id == StrategyClient.reasoningId)
        #expect(body.text == Self.thinking)
        #expect(body.direction == .rtl)
        #expect(body.containers?.first?.kind == .blockQuote)
        // Above the answer, which moved down once, at the tap, and kept every id it had.
        let placed = loop.placedBlocks
        #expect(placed.first?.layout.blockId == StrategyClient.reasoningId)
        #expect(placed[0].bottom < placed[1].top)
        let answerIds = loop.manifestBlocks.map(\.id).filter { $0 >= 0 }
        #expect(answerIds == Array(0..<answerIds.count), "no answer block came back under a new id")
    }

    @Test func profilesWithoutTheRowOpenNothing() throws {
        for profile in [ClientProfile.haqqMobile, .swiftUI] {
            let (scenes, loop) = try Self.render([ReaderAction(timeMs: 11_000, kind: .expandReasoning)], profile: profile)
            #expect(!loop.manifestBlocks.contains { $0.id == StrategyClient.reasoningId }, "\(profile.name)")
            #expect(!scenes.contains { $0.placedOverlays.contains { $0.overlay.kind == .reasoningPreview } }, "\(profile.name)")
        }
    }

    @Test func expandIsReadFromTheShorthandAndFromAScript() throws {
        #expect(try InteractionScript.parse(shorthand: "expand@7s:reasoning") == ReaderAction(timeMs: 7000, kind: .expandReasoning))
        #expect(try InteractionScript.parse(shorthand: "expand@7s") == ReaderAction(timeMs: 7000, kind: .expandReasoning))
        #expect(throws: InputError.self) { try InteractionScript.parse(shorthand: "expand@7s:tools") }
        let script = try InteractionScript.parse(jsonLines: #"{"t":7000,"action":"expand","target":"reasoning"}"#, source: "s.jsonl")
        #expect(script == [ReaderAction(timeMs: 7000, kind: .expandReasoning)])
    }
}

/// The Sources list eases in a row at a time, as the pinned view eases after text; a long list
/// is all shown within 1.2 s, not a row every 150 ms for as long as it runs.
@Suite struct SourcesListTimingTests {
    static func rowsShown(sources: Int) throws -> [Double] {
        let text = "The notice period is two months, as the rulings hold."
        var events = [StreamEvent(timeMs: 0, kind: .delta(text))]
        events += (0..<sources).map { index in
            let source = CitationSource(title: "Ruling \(index)", url: "https://www.cc.gov.eg/judgment/\(index)")
            return StreamEvent(timeMs: 10, kind: .citation(Citation(span: 0..<text.unicodeScalars.count, source: source)))
        }
        events.append(StreamEvent(timeMs: 20, kind: .done))
        var options = TestSupport.smallOptions()
        options.client = .reference
        let (_, loop) = try TestSupport.scenes(Transcript(events: events), options: options)
        return loop.manifestBlocks.filter { $0.id <= -3 && $0.id > StrategyClient.firstToolCardId }.map(\.shownAtMs).sorted()
    }

    @Test func aShortListEasesInARowEvery150Milliseconds() throws {
        let shown = try Self.rowsShown(sources: 4)
        #expect(shown.count == 4)
        #expect(zip(shown.dropFirst(), shown).allSatisfy { abs($0 - $1 - 150) < 20 }, "\(shown)")
    }

    @Test func aLongListIsAllShownWithinASecondAndAFifth() throws {
        let shown = try Self.rowsShown(sources: 40)
        #expect(shown.count == 40)
        #expect(try #require(shown.last) - shown[0] <= 1_200, "\(shown)")
    }
}
