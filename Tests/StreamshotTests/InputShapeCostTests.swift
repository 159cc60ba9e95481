import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Issue 36's input shapes, each as it was reported: a long table, a long trace, a trace line past
/// the line limit, a far-future record and deep nesting. Each test asserts what does not depend
/// on the machine — work counted, records kept, frames made, text shown — never a time.
@Suite struct InputShapeCostTests {
    /// A header and `rows` rows of eight short cells, after a sentence.
    static func table(rows: Int) -> String {
        let header = "| " + (0..<8).map { "Col\($0)" }.joined(separator: " | ") + " |"
        let delimiter = "|" + String(repeating: "---|", count: 8)
        let body = (0..<rows).map { row in "| " + (0..<8).map { "v\(row)x\($0)" }.joined(separator: " | ") + " |" }
        return "Intro paragraph.\n\n" + ([header, delimiter] + body).joined(separator: "\n") + "\n"
    }

    /// Per frame: table rows laid out, and the lines and cells the manifest lists.
    private func tableWork(rows: Int) throws -> (perFrame: [Int], total: Int, largestRecord: Int, frames: Int) {
        let options = TestSupport.smallOptions()
        let transcript = TestSupport.transcript(Self.table(rows: rows))
        let loop = FrameLoop(
            transcript: transcript, options: options, client: options.makeClient(for: transcript, timer: nil),
            layouter: BlockLayouter(options: options, fonts: try TestSupport.makeFonts()))
        var perFrame: [Int] = []
        var largest = 0
        var before = 0
        while let scene = try loop.nextFrame() {
            perFrame.append(loop.work.tableRows - before)
            before = loop.work.tableRows
            let frame = scene.manifestFrame(file: "", viewportHeight: Double(options.heightPx))
            largest = max(largest, frame.blocks.reduce(0) { $0 + $1.lines.count + ($1.cells?.count ?? 0) })
        }
        return (perFrame, loop.work.tableRows, largest, perFrame.count)
    }

    /// A streaming table lays out the row that grows, not the table: the most rows laid out in
    /// one frame is the same for 20 and 40 rows (all of them only while its columns ease to new
    /// widths, here once, for 200 ms after "v10" arrives), the total grows with the rows, and a
    /// frame's manifest record stays the size of what a frame shows.
    @Test func aTableCostsWhatChangedInIt() throws {
        let small = try tableWork(rows: 20)
        let large = try tableWork(rows: 40)
        #expect(large.perFrame.max()! <= small.perFrame.max()!, "a frame laid out \(large.perFrame.max()!) rows of 40")
        // Apart from the frames of one ease (200 ms: 12 frames at 60 fps, and the one it starts on),
        // a frame lays out the row that grows.
        #expect(large.perFrame.filter { $0 > 3 }.count <= 13, "\(large.perFrame.filter { $0 > 3 })")
        // Twice the rows: about twice the frames and twice the work, never four times.
        let workRatio = Double(large.total) / Double(small.total)
        #expect(workRatio < 2.5, "rows laid out grew \(workRatio)x for 2x the table")
        #expect(
            large.largestRecord <= small.largestRecord + 40,
            "the largest frame record grew from \(small.largestRecord) to \(large.largestRecord) lines and cells")
    }

    /// The reported table, rendered in full: every frame's record lists at most what fits on it.
    @Test func aTallTableListsTheLinesOnTheFrame() throws {
        let options = TestSupport.smallOptions()
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(Self.table(rows: 40), network: .instant), options: options)
        let frame = try #require(scenes.last).manifestFrame(file: "", viewportHeight: Double(options.heightPx))
        let table = try #require(frame.blocks.first { $0.kind == .table })
        #expect(table.height > Double(options.heightPx))
        #expect(table.lineCount ?? 0 > table.lines.count)
        for line in table.lines { #expect(line.y + line.height >= 0 && line.y <= Double(options.heightPx)) }
        // Index among all lines: at the bottom the last row is listed (of its cells, those in view:
        // the table is wider than the small frame, so its last columns' lines are left out).
        #expect(table.cells?.map(\.row).max() == 40)
        #expect(table.listedLineIndices.last ?? 0 >= table.totalLines - 8)
        #expect(table.listedLineIndices == table.lines.indices.map(table.lineIndex(at:)))
    }

    /// A trace of `count` appended words, as an app's recorder writes it.
    static func appendTrace(_ count: Int) -> [UInt8] {
        var lines = [#"{"t":0,"type":"start","platform":"css","layoutDirection":"ltr"}"#]
        for index in 0..<count { lines.append(#"{"t":\#(100 + index * 20),"type":"show","append":" word\#(index % 10)"}"#) }
        lines.append(#"{"t":\#(100 + count * 20 + 10),"type":"end"}"#)
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Reading a record costs the record: what a trace of appends keeps is the size of its text,
    /// not a whole copy of it per record (4,000 records were 37 s; the square of their count).
    @Test func aTraceKeepsEachRecordsOwnText() throws {
        let transcript = try ClientTraceReader.transcript(bytes: Self.appendTrace(4000))
        let kept = try #require(transcript.clientTrace).records.reduce(0) { count, record in
            if case .append(let text) = record.change { return count + text.unicodeScalars.count }
            if case .rewrite(let text) = record.change { return count + text.unicodeScalars.count }
            return count
        }
        let events = transcript.events.reduce(0) { count, event in
            if case .delta(let text) = event.kind { return count + text.unicodeScalars.count }
            if case .snapshot(let text) = event.kind { return count + text.unicodeScalars.count }
            return count
        }
        let text = Playback.finalText(transcript).text.unicodeScalars.count
        #expect(text == 4000 * 6)
        #expect(kept == text && events == text)
    }

    /// A `text` record that keeps what was shown adds only its new end; one that changes it rewrites.
    @Test func aWholeTextRecordBecomesWhatItAddedOrARewrite() throws {
        let trace = #"""
            {"t":0,"type":"show","text":"The lease"}
            {"t":50,"type":"show","text":"The lease runs"}
            {"t":90,"type":"show","text":"A lease"}
            """#
        let transcript = try ClientTraceReader.transcript(bytes: Array(trace.utf8))
        #expect(transcript.clientTrace?.records.map(\.change) == [.append("The lease"), .append(" runs"), .rewrite("A lease")])
        #expect(Playback.finalText(transcript).text == "A lease")
    }

    /// A trace line past the line limit: the manifest that says what was shown is one its reader
    /// accepts (it said revealedChars 34890 of a 20000-character text before).
    @Test func aTraceLinePastTheLimitGivesAManifestItsReaderAccepts() throws {
        let long = String(repeating: "clause ", count: 4985)
        let trace = #"{"t":0,"type":"start"}"# + "\n" + #"{"t":100,"type":"show","text":"\#(long)"}"# + "\n" + #"{"t":200,"type":"end"}"#
        let directory = TestSupport.temporaryDirectory("long-trace-line")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/trace.jsonl"
        try Data(trace.utf8).write(to: URL(fileURLWithPath: path))
        var options = TestSupport.smallOptions()
        options.encodesFrames = false
        let result = try RenderJob(input: .file(path), options: options, fontsDirectory: TestSupport.fontsDirectory)
            .render(to: directory + "/out", writeFrames: false)
        let read = try Manifest.decode(Data(contentsOf: URL(fileURLWithPath: directory + "/out/manifest.json")), name: "manifest.json")
        #expect(read.frames.last?.revealedChars == read.text.unicodeScalars.count)
        #expect(result.header.warnings.contains { $0.kind == .lineTooLong })
    }

    /// A last record far in the future is dropped with a warning and drives nothing: the render
    /// ends where the trace's shown records do, as the same stream without it does.
    @Test func aFarFutureRecordDoesNotDriveTheClock() throws {
        let shown = #"""
            {"t":0,"type":"start"}
            {"t":100,"type":"show","append":"The term is"}
            {"t":300,"type":"show","append":" one year."}
            """#
        let options = TestSupport.smallOptions()
        let limits = StreamLimits()
        func frames(_ trace: String) throws -> (count: Int, warnings: [RenderWarning]) {
            let transcript = try ClientTraceReader.transcript(bytes: Array(trace.utf8)).limited(by: limits)
            let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
            return (scenes.count, transcript.warnings + loop.warnings)
        }
        let plain = try frames(shown)
        let late = try frames(shown + "\n" + #"{"t":1e15,"type":"show","append":" Late."}"#)
        let lateScroll = try frames(shown + "\n" + #"{"t":1e15,"type":"scroll","offset":40}"#)
        #expect(late.count == plain.count)
        #expect(lateScroll.count == plain.count)
        #expect(late.warnings.contains { $0.kind == .streamTooLong })
        #expect(lateScroll.warnings.contains { $0.kind == .streamTooLong && $0.message.contains("client-trace record") })
    }

    /// Deep nesting keeps its text, inside the frame, and says where the indent stopped.
    @Test(arguments: [
        String(repeating: ">", count: 64) + " deep quoted text that a reader must see.\n",
        String(repeating: "> ", count: 40) + "deep quoted text that a reader must see.\n",
        String(repeating: "- ", count: 32) + "text after thirty-two markers\n",
        // A list exactly at the depth where cmark's tree is flattened (found by review).
        String(repeating: ">", count: 63) + " - deep quoted text that a reader must see.\n"
    ])
    func deepNestingKeepsItsTextInsideTheFrame(_ markdown: String) throws {
        let options = TestSupport.smallOptions()
        let (scenes, loop) = try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: options)
        let frame = try #require(scenes.last).manifestFrame(file: "")
        let block = try #require(frame.blocks.first)
        #expect(!block.lines.isEmpty && block.lines.allSatisfy { $0.width > 0 })
        for line in block.lines {
            #expect(line.x >= 0 && line.x + line.width <= Double(options.widthPx), "a line from x \(line.x) to \(line.x + line.width)")
        }
        let shown = try #require(loop.shownBlocks.first).layout.text
        #expect(shown.hasSuffix("must see.") || shown.hasSuffix("markers"))
        #expect(loop.warnings.contains { $0.kind == .deepNesting })
    }

    /// A refusal names the line that is not an event before the invalid UTF-8 inside it (`typ`
    /// for `type` was reported as "invalid UTF-8 at byte 33").
    @Test func aRefusalNamesTheUnknownEventBeforeTheBytes() {
        let bytes = Array(#"{"t":1,"typ":"delta","content":"x"#.utf8) + [0xFF] + Array("\"}\n".utf8)
        #expect(throws: InputError.self) { try JSONLSource.transcript(bytes: bytes) }
        do {
            _ = try JSONLSource.transcript(bytes: bytes)
        } catch {
            #expect("\(error)".hasPrefix("no event of a known format in 1 event; the first is a JSON object with keys content, typ;"), "\(error)")
        }
    }
}
