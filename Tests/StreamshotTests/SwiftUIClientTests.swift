import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// shared/seeds/003 as written, rule by rule, each asserted from a rendered manifest (and, where
/// the manifest cannot say, from the frame's decided blocks).
@Suite struct SwiftUIClientTests {
    static let answer = "## Notice period\n\nThe tenant **must** give:\n\n- 60 days\n- in writing\n\n```swift\nlet days = 60\n```\n\nThat is all.\n"

    /// The answer in pieces of about 12 characters, one every 100 ms from 500 ms; then `ending`.
    static func transcript(_ text: String = answer, ending: StreamEvent.Kind? = .done) -> Transcript {
        var events: [StreamEvent] = []
        var piece = ""
        for scalar in text.unicodeScalars {
            piece.unicodeScalars.append(scalar)
            if piece.unicodeScalars.count == 12 {
                events.append(StreamEvent(timeMs: 500 + Double(events.count) * 100, kind: .delta(piece)))
                piece = ""
            }
        }
        if !piece.isEmpty { events.append(StreamEvent(timeMs: 500 + Double(events.count) * 100, kind: .delta(piece))) }
        if let ending { events.append(StreamEvent(timeMs: 500 + Double(events.count) * 100, kind: ending)) }
        return Transcript(events: events)
    }

    static func render(_ transcript: Transcript, client: ClientProfile = .swiftUI, interactions: [ReaderAction] = []) throws -> Manifest {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = client
        options.interactions = interactions
        let directory = TestSupport.temporaryDirectory("swiftui")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        return try Manifest.read(from: directory + "/manifest.json")
    }

    static func caption(_ frame: Frame) -> Frame.Overlay? {
        frame.overlays?.first { $0.kind == .typingIndicator && $0.text != nil }
    }

    /// `Text(AttributedString(newContent))` parses no Markdown: one block, every `## `, `**`, `- `
    /// and fence as it came; the manifest says the client renders none.
    @Test func theMarkdownIsShownAsItCame() throws {
        let manifest = try Self.render(Self.transcript())
        #expect(manifest.options.markdown == MarkdownRendering.none)
        #expect(manifest.blocks.count == 1)
        let block = try #require(manifest.blocks.first)
        #expect(block.kind == .paragraph)
        #expect(block.text.hasPrefix("## Notice period\n\nThe tenant **must** give:\n\n- 60 days"))
        #expect(block.text.contains("```swift\nlet days = 60\n```"))
    }

    /// The body is set monospaced and a ``` region is shaded, fences included, only once it closes
    /// (the note's regex needs the closing fence).
    @Test func fencedRegionsAreShadedOnceClosed() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .swiftUI
        let (scenes, _) = try TestSupport.scenes(Self.transcript(), options: options)
        let shaded = { (scene: FrameScene) -> [TextSpan] in
            scene.blocks.flatMap { $0.placed.key.content.spans.filter { $0.style == .boxed } }
        }
        let open = try #require(scenes.first { $0.blocks.first?.placed.layout.text.components(separatedBy: "```").count == 2 })
        #expect(shaded(open).isEmpty)
        // The last frame before `complete` (on it the finished view has neither; see below).
        let last = try #require(scenes.last(where: { !$0.content.streamEnded }))
        let text = try #require(last.blocks.first?.placed.layout.text)
        let fence = try #require(text.range(of: "```swift\nlet days = 60\n```"))
        let bytes = text.utf8.distance(from: text.startIndex, to: fence.lowerBound)
        #expect(shaded(last).map(\.bytes) == [bytes..<(bytes + text[fence].utf8.count)])
        #expect(last.blocks.allSatisfy { $0.placed.decision.monospaced })
    }

    @Test func theNoteRegexPairsFencesLeftToRight() {
        #expect(RawText.fencedRegions("a ```b") == [])
        #expect(RawText.fencedRegions("```a```b```") == [0..<7])
        #expect(RawText.fencedRegions("x```a``` ```b```") == [1..<8, 9..<16])
    }

    /// `.animation(nil)`: text is there at full opacity on the frame it arrives; no caret.
    @Test func nothingFades() throws {
        let manifest = try Self.render(Self.transcript())
        let blocks = manifest.frames.flatMap(\.blocks)
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { $0.opacity == 1 })
        #expect(manifest.frames.allSatisfy { $0.caret == nil })
    }

    /// The streaming view needs text: nothing before the first token, then "Claude is typing…"
    /// with its spinner under the answer until `complete`.
    @Test func nothingBeforeTheFirstTokenThenClaudeIsTyping() throws {
        let manifest = try Self.render(Self.transcript())
        let before = manifest.frames.filter { $0.revealedChars == 0 }
        #expect(before.contains { $0.timeMs < 500 })
        #expect(before.allSatisfy { ($0.overlays ?? []).isEmpty && $0.blocks.isEmpty && !$0.typingIndicator })
        let streaming = manifest.frames.filter { $0.revealedChars > 0 && !$0.ended }
        #expect(!streaming.isEmpty)
        for frame in streaming {
            let caption = try #require(Self.caption(frame))
            #expect(caption.text == "Claude is typing…")
            #expect(caption.spinner == true)
        }
        #expect(manifest.ending?.kind == .done)
        #expect(Self.caption(try #require(manifest.frames.last)) == nil)
    }

    /// An `error` only sets `connectionState`: the bubble keeps typing, with no notice and no button.
    @Test func anErrorLeavesTheBubbleTyping() throws {
        let manifest = try Self.render(Self.transcript(ending: .error("overloaded")))
        #expect(manifest.ending?.kind == .error)
        let last = try #require(manifest.frames.last)
        #expect(Self.caption(last) != nil)
        #expect(!last.blocks.contains { $0.kind == .notice })
        #expect(!(last.overlays ?? []).contains { $0.kind == .error || $0.kind == .retry })
    }

    /// No `complete`: the client waits for ever, still typing; the manifest says it was left incomplete.
    @Test func withoutCompleteItTypesForever() throws {
        let manifest = try Self.render(Self.transcript(ending: nil))
        #expect(manifest.ending?.kind == .incomplete)
        #expect(Self.caption(try #require(manifest.frames.last)) != nil)
    }

    /// Background closes the socket and foreground opens one that asks for nothing: what arrived
    /// from the background on never shows, and the answer is left typing.
    @Test func theBackgroundDisconnectsForGood() throws {
        let text = String(repeating: "The tenant gives notice in writing. ", count: 8)
        let manifest = try Self.render(
            Self.transcript(text),
            interactions: [
                ReaderAction(timeMs: 1000, kind: .background),
                ReaderAction(timeMs: 1500, kind: .foreground)
            ])
        let arrivedByBackground = 12 * 6  // pieces at 500, 600, … 1000 ms
        let last = try #require(manifest.frames.last)
        #expect(last.revealedChars == arrivedByBackground)
        #expect(last.bufferedChars == 0)
        #expect(manifest.ending?.kind == .incomplete)
        #expect(Self.caption(last) != nil)
        #expect(manifest.frames.contains { $0.timeMs > 1500 && $0.app == nil })
    }

    /// A client trace's `start` can declare the same decision.
    @Test func aTraceCanDeclareThatItRendersNoMarkdown() throws {
        let lines = [
            #"{"type":"start","platform":"swiftui","markdown":"none"}"#, ###"{"t":100,"type":"show","append":"## Title\n\n**bold**"}"###,
            #"{"t":200,"type":"end","kind":"done"}"#
        ]
        let directory = TestSupport.temporaryDirectory("trace-raw")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let transcript = try ClientTraceReader.transcript(bytes: Array(lines.joined(separator: "\n").utf8))
        var options = TestSupport.smallOptions()
        options.fps = 10
        _ = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        let manifest = try Manifest.read(from: directory + "/manifest.json")
        #expect(manifest.options.markdown == MarkdownRendering.none)
        #expect(manifest.blocks.map(\.text) == ["## Title\n\n**bold**"])
    }

    /// On `complete` the message is `MessageBubbleView`'s `Text(message.content)`: the body's
    /// proportional face, nothing shaded, its time under it; while it streamed it was monospaced.
    @Test func onCompleteItIsTheFinishedBubble() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .swiftUI
        let (scenes, _) = try TestSupport.scenes(Self.transcript(), options: options)
        let streaming = try #require(scenes.last(where: { !$0.content.streamEnded && !$0.blocks.isEmpty }))
        #expect(streaming.blocks.allSatisfy { $0.placed.decision.monospaced && $0.placed.decision.bubble })
        let last = try #require(scenes.last)
        #expect(last.blocks.allSatisfy { !$0.placed.decision.monospaced && $0.placed.decision.bubble })
        #expect(last.blocks.allSatisfy { $0.placed.key.content.spans.isEmpty })
        let manifest = try Self.render(Self.transcript())
        let time = try #require(manifest.frames.last?.overlays?.first { $0.kind == .timestamp })
        #expect(time.text == "9:41 AM")
        #expect(!manifest.frames.filter { !$0.ended }.contains { ($0.overlays ?? []).contains { $0.kind == .timestamp } })
    }

    /// The bubble is `Color.gray.opacity(0.3)` behind the text's 16 pt padding, and hugs a short
    /// answer: grey inside the padding, the page's white past the bubble's far edge.
    @Test func theAnswerSitsInABubbleThatHugsIt() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .swiftUI
        let directory = TestSupport.temporaryDirectory("bubble")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(
            input: .transcript(Self.transcript("Hi **there**")), options: options,
            fontsDirectory: TestSupport.fontsDirectory
        ).render(to: directory)
        let manifest = try Manifest.read(from: directory + "/manifest.json")
        let frame = try #require(manifest.frames.last)
        let block = try #require(frame.blocks.first)
        let line = try #require(block.lines.first)
        let png = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + frame.file))))
        let pixel = { (x: Double, y: Double) -> Int in Int(png.rgb[(Int(y) * png.width + Int(x)) * 3]) }
        let inside = pixel(line.x - 8, block.top + 6)
        let outside = pixel(line.x + line.width + 16 + 12, block.top + 6)
        #expect(outside == 255)
        #expect((200...235).contains(inside))
    }

    /// The note's alternative `StreamingTextManager` trims its buffer to the last 10,000
    /// characters: `--keep-last N` shows only the last N; a client that renders Markdown refuses it.
    @Test func keepLastShowsOnlyTheEnd() throws {
        var settings = try RenderSettings(arguments: "--client swiftui --keep-last 100")
        try settings.validate()
        settings.fps = 10
        var options = try settings.renderOptions()
        options.widthPt = 390
        options.heightPt = 600
        options.scale = 1
        let (scenes, _) = try TestSupport.scenes(Self.transcript(), options: options)
        let text = try #require(scenes.last?.blocks.first?.placed.layout.text)
        #expect(text == String(String.UnicodeScalarView(Self.answer.unicodeScalars.suffix(100))))
        #expect(
            throws: InputError(
                "--keep-last 100: only a client that renders no Markdown keeps the last characters (003's StreamingTextManager): use --client swiftui"
            )
        ) {
            try RenderSettings(arguments: "--client reference --keep-last 100").validate()
        }
    }

    /// The shading in pixels: while it streams, the top of the closed fence's line is darker than
    /// the top of an unshaded line at the same place (the grey behind the run, over the bubble).
    @Test func theShadingIsDrawn() throws {
        var options = TestSupport.smallOptions()
        options.fps = 10
        options.client = .swiftUI
        let directory = TestSupport.temporaryDirectory("shading")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try RenderJob(input: .transcript(Self.transcript()), options: options, fontsDirectory: TestSupport.fontsDirectory).render(to: directory)
        let manifest = try Manifest.read(from: directory + "/manifest.json")
        let frame = try #require(manifest.frames.last { !$0.ended })
        let block = try #require(frame.blocks.first)
        // Lines 0-6 are "## Notice period", "", "The tenant **must** give:", "", "- 60 days",
        // "- in writing", "": none wraps, so the fence opens line 7.
        let (fence, plain) = (block.lines[7], block.lines[2])
        let png = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + frame.file))))
        let red = { (x: Double, y: Double) -> Int in Int(png.rgb[(Int(y) * png.width + Int(x)) * 3]) }
        #expect(red(fence.x + 3, fence.y + 2) < red(plain.x + 3, plain.y + 2) - 10)
    }

    /// Monospaced while streaming, proportional once complete, read off the manifest's lines:
    /// "- 60 days" (9 characters) is 9/12 as wide as "- in writing" (12) only in a monospaced face.
    @Test func theFaceIsMonospacedUntilComplete() throws {
        let manifest = try Self.render(Self.transcript())
        let ratio = { (frame: Frame) -> Double in
            let lines = frame.blocks[0].lines
            return lines[4].width / lines[5].width
        }
        let streaming = try #require(manifest.frames.last { !$0.ended && !$0.blocks.isEmpty })
        #expect(abs(ratio(streaming) - 9.0 / 12) < 0.005)
        let finished = try #require(manifest.frames.last)
        #expect(abs(ratio(finished) - 9.0 / 12) > 0.02)
    }
}
