import Foundation
import Testing

@testable import StreamshotModel

@Suite struct InputTests {
    /// A 3,000-token NDA clause draft, as NetworkCalibrationTests measures the networks with.
    static let draft = String(
        String(repeating: "يلتزم الطرف المتلقي بعدم الإفصاح عن المعلومات السرية لأي طرف ثالث دون موافقة كتابية مسبقة. ", count: 120).dropLast())

    @Test func sseArrivalStampsTimeTheEventsAfterThem() throws {
        let capture = """
            : t=0
            data: {"type":"delta","content":"مرحبا "}

            : t=250
            data: {"type":"delta","content":"بكم"}

            data: {"type":"done"}


            """
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .steady, seed: 1)
        #expect(
            transcript.events == [
                StreamEvent(timeMs: 0, kind: .delta("مرحبا ")),
                StreamEvent(timeMs: 250, kind: .delta("بكم")),
                StreamEvent(timeMs: 250, kind: .done)
            ])
        #expect(transcript.warnings.isEmpty)
    }

    @Test func sseWithoutStampsIsTimedByTheNetwork() throws {
        let capture = "data: {\"type\":\"delta\",\"content\":\"a \"}\n\ndata: {\"type\":\"delta\",\"content\":\"b\"}\n\ndata: [DONE]\n\n"
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .steady, seed: 1)
        #expect(transcript.events.map(\.timeMs) == [300, 325, 350])
    }

    @Test func sseBadPayloadsBecomeWarningsNamingTheEvent() throws {
        let capture = "data: {\"type\":\"delta\",\"content\":\"ok\"}\n\ndata: {not json\n\ndata: {\"type\":\"mystery\"}\n\n"
        let transcript = try SSESource.transcript(bytes: Array(capture.utf8), network: .instant, seed: 1)
        #expect(transcript.events.map(\.kind) == [.delta("ok")])
        #expect(transcript.warnings.map(\.kind) == [.badEvent, .badEvent])
        #expect(transcript.warnings[0].message.contains("SSE event 2"))
        #expect(transcript.warnings[1].message.contains("unknown event type \"mystery\""))
    }

    @Test func sseWithNoEventsIsAnError() {
        #expect(throws: InputError.self) {
            try SSESource.transcript(bytes: Array("hello there\n".utf8), network: .instant, seed: 1)
        }
    }

    @Test func jsonlReadsDeltasSnapshotsAndNamesBadLines() throws {
        let lines = """
            {"t":0,"type":"delta","content":"Hello "}
            {"t":40,"type":"snapshot","content":"Hello world"}
            this is not json
            {"t":90,"type":"done"}
            """
        let transcript = try JSONLSource.transcript(bytes: Array(lines.utf8))
        #expect(
            transcript.events == [
                StreamEvent(timeMs: 0, kind: .delta("Hello ")),
                StreamEvent(timeMs: 40, kind: .snapshot("Hello world")),
                StreamEvent(timeMs: 90, kind: .done)
            ])
        #expect(transcript.warnings.count == 1)
        #expect(transcript.warnings[0].message.hasPrefix("line 3:"))
    }

    @Test func plainTextSameSeedSameSchedule() {
        let text = TestSupport.example("ar-lease.md")
        let a = PlainTextSource.transcript(bytes: Array(text.utf8), network: .threeG, seed: 4)
        let b = PlainTextSource.transcript(bytes: Array(text.utf8), network: .threeG, seed: 4)
        let c = PlainTextSource.transcript(bytes: Array(text.utf8), network: .threeG, seed: 5)
        #expect(a == b)
        #expect(a != c)
    }

    /// A long answer (the 3,000-token draft: some 70 deliveries) meets 3g's occasional stall.
    @Test func threeGDeliversEverythingWithGapsAndStalls() {
        let text = Self.draft
        let transcript = PlainTextSource.transcript(bytes: Array(text.utf8), network: .threeG, seed: 4)
        let joined = transcript.events.compactMap { event -> String? in
            if case .delta(let delta) = event.kind { return delta }
            return nil
        }.joined()
        #expect(joined == text)
        #expect(transcript.warnings.isEmpty)
        let times = transcript.events.map(\.timeMs)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 0 })
        #expect(gaps.contains { $0 >= 1500 }, "expected at least one stall")
        // 3g's first token at 1.11-1.41 s; the first delivery waits for TCP's initial window of ten
        // tokens, under 82 ms more at the model's slowest 110 tokens a second.
        #expect(times.first! >= 1110 && times.first! <= 1492)
    }

    @Test func threeGSplitsInsideMultiByteCharacters() {
        let text = Self.draft
        let pieces = Tokenizer.tokens(of: text).map { Array($0.utf8) }
        let chunks = NetworkProfile.threeG.deliver(pieces, seed: 4)
        let midCharacter = chunks.dropLast().contains { chunk in
            UTF8StreamDecoder.incompleteTailLength(chunk.bytes) > 0
        }
        #expect(midCharacter)
    }

    @Test func invalidUTF8InPlainTextIsAWarningNotALoss() {
        let bytes: [UInt8] = Array("abc ".utf8) + [0xC3] + Array(" def".utf8)
        let transcript = PlainTextSource.transcript(bytes: bytes, network: .instant, seed: 1)
        #expect(transcript.warnings.map(\.kind) == [.invalidUTF8])
        #expect(transcript.warnings[0].message.contains("byte 4"))
        #expect(transcript.events.first?.kind == .delta("abc \u{FFFD} def"))
    }

    @Test func loaderNamesTheFileAndTheProblem() {
        #expect {
            try InputLoader.load(path: "/nonexistent/x.sse", network: .instant, seed: 1)
        } throws: { error in
            (error as? InputError)?.message.contains("/nonexistent/x.sse") == true
        }
        let path = TestSupport.temporaryDirectory("loader") + "/stream.xml"
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        #expect {
            try InputLoader.load(path: path, network: .instant, seed: 1)
        } throws: { error in
            (error as? InputError)?.message.contains("unknown input type .xml") == true
        }
    }
}
