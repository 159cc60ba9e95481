import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Issue 43's streams read wrong without a word: each now renders its text or names what it dropped.
@Suite struct StreamReadingHardeningTests {
    static func load(_ text: String, _ fileExtension: String, format: StreamFormat? = nil) throws -> Transcript {
        try InputLoader.load(bytes: Array(text.utf8), fileExtension: fileExtension, network: .instant, seed: 1, format: format)
    }

    static func sse(_ events: [String]) -> String { events.map { "data: \($0)\n\n" }.joined() }

    static func texts(_ transcript: Transcript) -> String {
        transcript.events.compactMap { if case .delta(let text) = $0.kind { text } else { nil } }.joined()
    }

    @Test func geminiCandidateNotNumberedZeroIsShown() throws {
        let transcript = try Self.load(
            Self.sse([
                #"{"candidates":[{"index":1,"content":{"parts":[{"text":"مرحبا"}],"role":"model"}}]}"#,
                #"{"candidates":[{"index":1,"content":{"parts":[{"text":" بكم"}]},"finishReason":"STOP"}]}"#
            ]), "sse")
        #expect(transcript.format == "gemini" && Self.texts(transcript) == "مرحبا بكم")
        #expect(transcript.events.last?.kind == .done)
    }

    @Test func geminiOtherCandidatesAreCounted() throws {
        let transcript = try Self.load(
            Self.sse([
                #"{"candidates":[{"index":0,"content":{"parts":[{"text":"A"}]}},{"index":1,"content":{"parts":[{"text":"B"}]}}]}"#,
                #"{"candidates":[{"index":0,"content":{"parts":[{"text":"."}]},"finishReason":"STOP"}]}"#
            ]), "sse")
        #expect(Self.texts(transcript) == "A." && transcript.skipped["other-choice"] == 1)
    }

    @Test func geminiPartsAsAnObjectAreReadAndBadPartsNamed() throws {
        let transcript = try Self.load(
            Self.sse([
                #"{"candidates":[{"content":{"parts":{"text":"Hello"}}}],"error":null}"#,
                #"{"candidates":[{"content":{"parts":["oops",{"text":42},{"text":" world"}]},"finishReason":"STOP"}]}"#
            ]), "sse")
        #expect(Self.texts(transcript) == "Hello world", "an object for parts and a null error beside the candidates lose nothing")
        #expect(transcript.events.last?.kind == .done)
        let messages = transcript.warnings.map(\.message).joined(separator: "\n")
        #expect(
            messages.contains("parts[0]: expected a part object") && messages.contains("parts[1].text: expected a string, found 42"), "\(messages)")
    }

    @Test func ollamaErrorObjectEndsTheAnswerWithItsMessage() throws {
        let transcript = try Self.load(
            """
            {"model":"m","message":{"role":"assistant","content":"Part"},"done":false}
            {"error":{"message":"model crashed"}}

            """, "jsonl")
        #expect(transcript.events.map(\.kind) == [.delta("Part"), .error("model crashed")])
    }

    @Test func openAICompatibleLengthIsAnInterruption() throws {
        let transcript = try Self.load(
            Self.sse([
                #"{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Cut"}}]}"#,
                #"{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}"#, "[DONE]"
            ]), "sse")
        #expect(transcript.events.map(\.kind).prefix(2) == [.delta("Cut"), .error("the answer reached its length limit")])
    }

    @Test func aNoteThatStartsWithATimeIsMarkdown() throws {
        let transcript = try Self.load("3:45 meeting with the landlord\n\nbring the lease.\n", "txt")
        #expect(transcript.format == nil && Self.texts(transcript).hasPrefix("3:45 meeting"))
    }

    @Test func aDataStreamWithABOMOrALongFirstPartIsADataStream() throws {
        let long = String(repeating: "نص ", count: 3000)
        for stream in ["\u{FEFF}0:\"Hi\"\nd:{\"finishReason\":\"stop\"}\n", "0:\"\(long)\"\nd:{\"finishReason\":\"stop\"}\n"] {
            #expect(DataStreamLine.looksLike(Array(stream.utf8)))
            let transcript = try Self.load(stream, "txt")
            #expect(transcript.format == "ai-sdk-data" && !Self.texts(transcript).contains("0:\""))
        }
    }

    @Test func plainTextDataLinesAreReadAsTextAndSaid() throws {
        let transcript = try Self.load(Self.sse(["Hello", " there.", "[DONE]"]), "sse")
        #expect(transcript.format == "sse-text" && Self.texts(transcript) == "Hello there.")
        #expect(transcript.events.last?.kind == .done)
        #expect(transcript.warnings.map(\.kind) == [.readAsText])
    }

    @Test func aMappingThatFindsNoTextIsRefusedEvenWhenItsEndIsFound() throws {
        let mapping = EventMapping(text: try JSONPointer("/nowhere"), end: try EventMapping.Match(parsing: "/kind=finished"))
        let stream = """
            {"kind":"chunk","payload":{"chunk":"Hello"}}
            {"kind":"finished"}

            """
        #expect { try Self.load(stream, "jsonl", format: .mapped(mapping)) } throws: { error in
            "\(error)".contains("finds no text (its end, yes) in any of 2 events")
        }
    }

    @Test func aFormatGivenForMarkdownOrATraceIsSaid() throws {
        let transcript = try Self.load("# Title\n", "md", format: .openAIChat)
        #expect(transcript.warnings.map(\.kind) == [.optionIgnored])
        #expect(transcript.warnings.first?.message.contains("--format openai-chat does not apply") == true)
    }

    @Test(arguments: [
        ("web_search", ToolKind.search), ("google_search_retrieval", .search), ("web_search_preview", .search), ("searchClauses", .search),
        ("code_interpreter", .code), ("code_execution", .code), ("python", .code), ("executeCode", .code),
        ("lookupCountryCode", .named("lookupCountryCode")), ("researcher", .named("researcher")), ("", .unnamed)
    ])
    func toolNamesAreMatchedAsWholeWords(_ name: String, _ kind: ToolKind) {
        #expect(ToolKind(name) == kind)
    }

    @Test func aToolNameIsCutAndCleanedWithWarnings() throws {
        let name = "\u{202E}evil\u{0}\nname" + String(repeating: "x", count: 100_000)
        let (shown, warnings) = ToolName.sanitized(name, limits: StreamLimits(), timeMs: 5)
        #expect(shown.unicodeScalars.count == ToolName.maxCharacters)
        #expect(shown.hasPrefix("evil  name"))
        #expect(Set(warnings.map(\.kind)) == [.bidiControl, .nulCharacter, .lineTooLong])
        let transcript = Transcript(events: [StreamEvent(timeMs: 5, kind: .activity(.toolStarted(name)))]).limited(by: StreamLimits())
        #expect(transcript.events.first?.kind == .activity(.toolStarted(shown)) && transcript.warnings.count == 3)
    }
}

/// The smaller ones of issue 43, each a clear message.
@Suite struct SmallerInputMessagesTests {
    /// A Gemini reply without `alt=sse` cut short renders what arrived whole, and says so.
    @Test func aTruncatedGeminiArrayRendersItsWholeElements() throws {
        let text = #"[{"candidates":[{"content":{"parts":[{"text":"مرحبا"}]}}]},{"candidates":[{"content":{"parts":[{"text":" بكم"}]}}]},{"candi"#
        let transcript = try InputLoader.load(bytes: Array(text.utf8), fileExtension: "json", network: .instant, seed: 1)
        #expect(transcript.format == "gemini")
        #expect(StreamReadingHardeningTests.texts(transcript) == "مرحبا بكم")
        #expect(transcript.warnings.map(\.message).contains { $0.contains("the JSON array ends before it closes") })
    }

    @Test func anEmptyTextPointerIsRefusedForWhatItIs() throws {
        var spec = RenderSpec()
        #expect {
            try spec.set("map-text", to: "", in: RenderSettings.descriptors)
            _ = try RenderSettings(spec: spec)
        } throws: { error in
            "\(error)".contains("--map-text \"\": the empty pointer names the whole event, not its text")
        }
    }
}

/// A live session's warnings, read from each message's new lines alone, are those a read of
/// the whole stream gives, in its words (issue 43: each message decoded the whole stream again).
@Suite struct LiveWarningsTests {
    static let kinds: Set<RenderWarning.Kind> = [.badEvent, .badLine, .timeGoesBack, .badStamp, .invalidUTF8, .afterEnd]

    static func incremental(_ lines: [String], fileExtension: String) -> [String] {
        var warnings = LiveWarnings(fileExtension: fileExtension, format: nil)
        // One message a line or two, as a client sends them.
        return stride(from: 0, to: lines.count, by: 2).flatMap { start in
            warnings.read(Array(lines[start..<min(start + 2, lines.count)].map { $0 + "\n" }.joined().utf8)).map(\.message)
        }
    }

    @Test func sseWarningsAreTheWholeReadsWarnings() throws {
        let lines = [
            ": t=0", #"data: {"type":"delta","content":"مرحبا "}"#, "", ": t=200", "data: {not json", "", ": t=100",
            #"data: {"type":"delta","content":"بك"}"#, "", ": t=abc", #"data: {"type":"done"}"#, "", #"data: {"type":"delta","content":"late"}"#, ""
        ]
        let whole = try InputLoader.load(bytes: Array(lines.map { $0 + "\n" }.joined().utf8), fileExtension: "sse", network: .instant, seed: 1)
        let expected = whole.warnings.filter { Self.kinds.contains($0.kind) }.map(\.message)
        #expect(expected.count == 4, "\(whole.warnings.map(\.message))")
        // The same warnings; in the order they arrived (a whole read lists the stamps' first).
        #expect(Self.incremental(lines, fileExtension: "sse").sorted() == expected.sorted())
    }

    @Test func traceWarningsAreTheWholeReadsWarnings() throws {
        let lines = [
            #"{"t":0,"type":"start","version":1}"#, #"{"t":100,"type":"show","append":"Hello"}"#, "{oops",
            #"{"t":50,"type":"show","append":" there"}"#,
            #"{"t":200,"type":"wat"}"#, #"{"t":300,"type":"end"}"#, #"{"t":400,"type":"show","append":"late"}"#
        ]
        let whole = try InputLoader.load(bytes: Array(lines.map { $0 + "\n" }.joined().utf8), fileExtension: "jsonl", network: .instant, seed: 1)
        let expected = whole.warnings.map(\.message)
        #expect(expected.count >= 3, "\(expected)")
        #expect(Self.incremental(lines, fileExtension: "jsonl") == expected)
    }
}
