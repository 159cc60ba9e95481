import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis
@testable import StreamshotManifest
@testable import StreamshotTesting

/// The testing library's checks read the render's frames from a binary journal, not from a
/// manifest: what they see, and so what they conclude, must be what `streamshot check` sees in
/// the render's manifest.json — for streams with tables, reader actions, a rewrite and a timeout.
@Suite struct FrameJournalTests {
    static let root = StreamSnapshotTests.root

    static let rewrite = SnapshotInput.transcript(
        Transcript(events: [
            StreamEvent(timeMs: 0, kind: .snapshot("The first draft of the clause ")),
            StreamEvent(timeMs: 900, kind: .snapshot("The second draft is better: the tenant pays on the 1st.")),
            StreamEvent(timeMs: 1400, kind: .done)
        ]))

    /// Falls silent after its first words, with no done: the client's timeout ends it.
    static let silent = SnapshotInput.transcript(
        Transcript(events: [
            StreamEvent(timeMs: 300, kind: .delta("البند الأول: يلتزم المستأجر بدفع الإيجار "))
        ]))

    static let inputs: [(name: String, input: SnapshotInput, configure: @Sendable (inout RenderSettings) -> Void)] = [
        ("Arabic at 1.5x", .file("Examples/traces/arabic-1.5x.jsonl"), { _ in }),
        ("a reader scrolling up", .file("Examples/traces/yanks-reader.jsonl"), { _ in }),
        ("a rewrite", rewrite, { _ in }),
        ("a stream that falls silent", silent, { $0.client.ending.timeoutMs = 1500 }),
        ("GitHub extras in Persian, laid out left to right", .file("Examples/traces/flutter-ltr.jsonl"), { _ in }),
        ("a view that snaps", .file("Examples/traces/snaps-320.jsonl"), { _ in })
    ]

    @Test(arguments: inputs.indices)
    func theJournalHoldsWhatTheManifestHoldsAndTheChecksAgree(_ index: Int) throws {
        let (name, input, configure) = Self.inputs[index]
        var settings = RenderSettings.snapshot
        configure(&settings)
        let folder = NSTemporaryDirectory() + "streamshot-journal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try input.job(settings: settings, packageRoot: Self.root).render(to: folder, writeFrames: false)
        let manifest = try ManifestFile(path: folder + "/manifest.json")
        var written: [Frame] = []
        try manifest.forEachFrame { written.append($0) }
        let stream = try RenderedStream(job: input.job(settings: settings, packageRoot: Self.root), keeping: nil)
        let journaled = try stream.allFrames()
        #expect(journaled.count == written.count && journaled.count > 10, "\(name)")
        for (read, decoded) in zip(journaled, written) where read != decoded {
            Issue.record("\(name): frame \(decoded.index) read back from the journal differs from the manifest's")
            break
        }
        let fromManifest = try Detector.check(manifest)
        let fromJournal = try stream.check()
        #expect(fromJournal == fromManifest, "\(name): \(fromJournal.detectors.filter { !$0.passed }.map(\.name))")
        // Skipping the frames that show the picture before them again changes nothing.
        let everyFrame = Detector.checkEveryFrame(try manifest.read())
        #expect(everyFrame == fromManifest, "\(name)")
        // Findings to agree on (a shift below the threshold counts), not two empty reports — but for
        // the stream that falls silent: its timeout notice is clean (it once failed `overlap`, its
        // notice overlay "covering" the notice's own words), and its report agrees all the same.
        #expect(everyFrame.detectors.contains { !$0.findings.isEmpty } == (name != "a stream that falls silent"), "\(name)")
    }

    /// A frame whose blocks are its predecessor's array is stored without them and reads back
    /// sharing one array; a frame with equal blocks in another array is stored whole.
    @Test func repeatedBlocksAreStoredOnceAndReadBackShared() throws {
        let line = Frame.Line(x: 1.004, y: 2, width: 30.5, height: 20, baseline: 15, start: 0, end: 4)
        let block = Frame.Block(
            id: 0, kind: .paragraph, direction: .rtl, align: .right, opacity: 0.12345, fontSize: 17, linePitch: 30.6,
            top: 10, height: 20, inkTop: 10, inkBottom: 30, lines: [line])
        let first = Frame(
            index: 0, timeMs: 0, file: "a.png", revealedChars: 4, bufferedChars: 0, pendingChars: 0, scroll: 0,
            typingIndicator: false, ended: false, reconnecting: false, blocks: [block])
        var second = first
        second.index = 1
        second.timeMs = 16.666666
        var third = second
        third.index = 2
        third.blocks = [block]  // equal, but not the same array
        let path = NSTemporaryDirectory() + "streamshot-journal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = try FrameJournal(path: path)
        for frame in [first, second, third] { try journal.append(frame) }
        try journal.finish()
        var read: [Frame] = []
        try FrameJournal.forEachFrame(at: path) { read.append($0) }
        #expect(read.count == 3)
        #expect(read[1].blocks.sharesStorage(with: read[0].blocks))
        #expect(!read[2].blocks.sharesStorage(with: read[1].blocks) && read[2].blocks == read[1].blocks)
        // Rounded as the manifest writes them: 1/100 px, opacity to 1/1000.
        #expect(read[1].timeMs == 16.67 && read[0].blocks[0].lines[0].x == 1 && read[0].blocks[0].opacity == 0.123)
        let decoded = try JSONDecoder().decode(Frame.self, from: Data(Manifest.jsonLine(second).utf8))
        #expect(read[1] == decoded)
    }

    /// The frame file names, built by hand, are `%06d`'s.
    @Test func frameFileNamesAreSixDigitsAtLeast() {
        for index in [0, 7, 42, 999_999, 1_000_000, 12_345_678] {
            #expect(Frame.file(index: index) == String(format: "frames/%06d.png", index))
        }
    }

    @Test func aJournalCutShortSaysSo() throws {
        let path = NSTemporaryDirectory() + "streamshot-journal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = try FrameJournal(path: path)
        try journal.append(
            Frame(
                index: 0, timeMs: 0, file: "", revealedChars: 0, bufferedChars: 0, pendingChars: 0, scroll: 0,
                typingIndicator: true, ended: false, reconnecting: false, blocks: []))
        try journal.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.dropLast(3).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputError.self) { try FrameJournal.forEachFrame(at: path) { _ in } }
    }
}

extension RenderedStream {
    /// Every frame record, for a test that compares them (a real check reads one at a time).
    func allFrames() throws -> [Frame] {
        var frames: [Frame] = []
        try forEachFrame { frames.append($0) }
        return frames
    }
}
