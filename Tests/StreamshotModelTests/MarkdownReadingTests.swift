import StreamshotModel
import Testing

/// A client's Markdown reader where it differs from GitHub's, as its trace's start record declares
/// it: the parse shows what that reader shows, and GitHub's reading stays the default.
@Suite struct MarkdownReadingTests {
    static let answer = """
        يستحق المبلغ خلال ثلاثين يومًا[^1].

        <details>
        <summary>طريقة الحساب</summary>

        يحسب المبلغ بحسب عدد الأيام المتبقية.

        </details>

        [^1]: وفقًا للمادة الخامسة.

        """

    private func shown(_ reading: MarkdownReading) -> [String] {
        var parser = BlockParser()
        parser.reading = reading
        parser.update(Array(Self.answer.unicodeScalars)[...], ended: true)
        return parser.blocks.map(\.content.text)
    }

    @Test func githubNumbersFootnotesAndHidesAClosedDetailsBody() {
        let texts = shown(MarkdownReading())
        #expect(!texts.joined().contains("[^1]"), "\(texts)")
        #expect(texts.contains { $0.contains("طريقة الحساب") }, "the summary is shown: \(texts)")
        #expect(!texts.joined().contains("الأيام المتبقية"), "the closed body is hidden: \(texts)")
    }

    @Test func aReaderWithoutFootnotesShowsThemAsWritten() {
        let texts = shown(MarkdownReading(footnotes: false))
        #expect(texts.contains { $0.hasSuffix("يومًا[^1].") }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("[^1]: وفقًا") }, "the definition is a line of text: \(texts)")
    }

    @Test func aReaderThatOpensEveryDetailsShowsTheBody() {
        let texts = shown(MarkdownReading(detailsAlwaysOpen: true))
        #expect(texts.contains { $0.contains("▾") && $0.contains("طريقة الحساب") }, "drawn open: \(texts)")
        #expect(texts.contains { $0.contains("الأيام المتبقية") }, "\(texts)")
    }

    @Test func theTraceStartRecordDeclaresTheReading() throws {
        let trace = #"{"t":0,"type":"start","footnotes":false,"detailsOpen":true}"# + "\n" + #"{"t":10,"type":"show","append":"a"}"#
        let transcript = try ClientTraceReader.transcript(bytes: Array(trace.utf8))
        let start = try #require(transcript.clientTrace?.start)
        #expect(!start.footnotes && start.detailsAlwaysOpen)
        let bad = #"{"t":0,"type":"start","footnotes":"no"}"# + "\n" + #"{"t":10,"type":"show","append":"a"}"#
        let read = try ClientTraceReader.transcript(bytes: Array(bad.utf8))
        #expect(read.clientTrace?.start.footnotes == true)
        #expect(
            read.warnings.contains { $0.message.contains("line 1") && $0.message.contains("\"footnotes\" must be true or false") },
            "\(read.warnings.map(\.message))")
    }
}
