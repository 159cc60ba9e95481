import Foundation
import Testing

@testable import StreamshotModel

/// Cases written from the HTML standard's event-stream parsing rules.
@Suite struct SSEParserTests {
    private func events(_ text: String) -> [SSEEvent] {
        var parser = SSEParser()
        return (parser.feed(Array(text.utf8)) + parser.finish().outputs).compactMap {
            if case .event(let event) = $0 { return event }
            return nil
        }
    }

    @Test func dispatchesOnABlankLineOnly() {
        #expect(events("data: a\n\ndata: b\n") == [SSEEvent(data: "a")])
    }

    @Test func acceptsCRLFAndCRLineEnds() {
        #expect(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n").map(\.data) == ["a", "b", "c"])
    }

    @Test func aCRLFSplitAcrossChunksIsOneLineEnd() {
        var parser = SSEParser()
        var outputs = parser.feed(Array("data: a\r".utf8))
        outputs += parser.feed(Array("\n\r\n".utf8))
        #expect(outputs == [.event(SSEEvent(data: "a"))])
    }

    @Test func joinsMultiLineDataAndStripsOneSpace() {
        #expect(events("data:  two spaces\ndata:none\n\n").map(\.data) == [" two spaces\nnone"])
    }

    @Test func unicodeLineSeparatorsAreNotLineEnds() {
        #expect(events("data: a\u{2028}b\u{2029}c\u{85}d\n\n").map(\.data) == ["a\u{2028}b\u{2029}c\u{85}d"])
    }

    @Test func skipsALeadingBOMOnlyOnce() {
        #expect(events("\u{FEFF}data: a\n\n").map(\.data) == ["a"])
        // A second BOM is part of the field name, which is then unknown.
        #expect(events("\u{FEFF}\u{FEFF}data: a\n\n").isEmpty)
    }

    @Test func idPersistsAndIgnoresNUL() {
        let parsed = events("id: 7\ndata: a\n\ndata: b\n\nid: x\u{0}y\ndata: c\n\n")
        #expect(parsed.map(\.lastEventId) == ["7", "7", "7"])
    }

    @Test func eventTypeResetsAfterDispatch() {
        #expect(events("event: ping\ndata: 1\n\ndata: 2\n\n").map(\.type) == ["ping", "message"])
    }

    @Test func retryTakesASCIIDigitsOnly() {
        var parser = SSEParser()
        let outputs = parser.feed(Array("retry: 1500\nretry: 15x\nretry: ٣\n\n".utf8))
        #expect(outputs == [.retry(1500)])
    }

    @Test func commentsAndFieldsWithoutColon() {
        var parser = SSEParser()
        let outputs = parser.feed(Array(": t=120\ndata\n\n".utf8))
        #expect(outputs == [.comment(" t=120", line: 1), .event(SSEEvent(data: ""))])
    }

    @Test func theUnterminatedLastEventIsNotDispatched() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: a\n\ndata: partial".utf8)) == [.event(SSEEvent(data: "a"))])
        let ending = parser.finish()
        #expect(ending.outputs.isEmpty)
        #expect(ending.discardedPartialEvent)
    }

    @Test func everySplitGivesTheSameEvents() {
        let stream = "\u{FEFF}: t=0\r\nid: 1\r\ndata: {\"type\":\"delta\",\"content\":\"مرحبا\"}\r\n\r\n: t=40\rdata: b\r\r"
        let bytes = Array(stream.utf8)
        var whole = SSEParser()
        let expected = whole.feed(bytes)
        for cut in 0...bytes.count {
            var parser = SSEParser()
            #expect(parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...]) == expected, "split at \(cut)")
        }
    }

    @Test func fieldNamesAreCaseSensitiveAndEventsNeedData() {
        #expect(events("Data: x\n\nevent: only\n\ndata\ndata\n\n").map(\.data) == ["\n"])
    }

    @Test func anEmptyIdResetsTheLastEventId() {
        #expect(events("id: 3\ndata: a\n\nid\ndata: b\n\n").map(\.lastEventId) == ["3", ""])
    }

    @Test func aCRAtAChunkEndFollowedByText() {
        var parser = SSEParser()
        var outputs = parser.feed(Array("data: a\r".utf8))
        outputs += parser.feed(Array("\rdata: b\n\n".utf8))
        #expect(outputs == [.event(SSEEvent(data: "a")), .event(SSEEvent(data: "b"))])
    }

    @Test func everyCaptureGivesTheSameEventsWhateverTheChunking() throws {
        let files =
            try FileManager.default.contentsOfDirectory(atPath: TestSupport.examples.path + "/providers")
            .filter { $0.hasSuffix(".sse") }.map { "providers/" + $0 } + ["ar-lease.sse", "en-ar-mixed.sse"]
        var random = SeededRandom(seed: 11)
        for file in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: TestSupport.examples.path + "/" + file)!)
            var whole = SSEParser()
            let expected = whole.feed(bytes)
            #expect(expected.count > 10)
            for _ in 0..<40 {
                var parser = SSEParser()
                var outputs: [SSEParser.Output] = []
                var offset = 0
                while offset < bytes.count {
                    let size = Int(random.uniform(1...64))
                    outputs += parser.feed(bytes[offset..<min(bytes.count, offset + size)])
                    offset += size
                }
                #expect(outputs == expected, "\(file)")
            }
        }
    }
}
