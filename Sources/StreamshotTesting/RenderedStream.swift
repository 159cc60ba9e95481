import Foundation
import Streamshot

/// One render of a stream: its manifest's header in memory, its frame records in a scratch
/// frame journal on disk (read a frame at a time by the checks, and holding what the render's
/// manifest would), and the PNGs of the moments one selection compares — no other frame is even
/// encoded.
final class RenderedStream: Sendable {
    /// The manifest without its frames: direction, viewport, text, blocks, ending.
    let header: Manifest
    /// The frame records, in a scratch folder removed with the stream.
    private let journalPath: String
    /// The selection whose moments were kept (nil: none, for checks only).
    let selection: FrameSelection?
    let moments: [Moment]
    /// The stream's length and where its text grows (what a failure record says of it).
    let timeline: StreamTimeline
    private let scratch: URL

    init(job: RenderJob, keeping selection: FrameSelection?) throws {
        let picker = selection.map { MomentPicker($0, frameMs: job.options.frameMs) }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("streamshot-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let path = scratch.appendingPathComponent("frames.journal").path
        var timeline = StreamTimeline()
        do {
            let journal = try FrameJournal(path: path)
            header = try job.render(into: MomentSink(journal: journal, picker: picker) { timeline.note($0) })
            try journal.finish()
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
        journalPath = path
        self.selection = selection
        self.timeline = timeline
        moments = picker?.moments(blocks: header.blocks) ?? []
    }

    /// Every detector over the render, its frames read a frame at a time.
    func check(thresholds: CheckThresholds = CheckThresholds(), strict: Bool = false) throws -> CheckReport {
        // Two lanes: the detectors in two groups, each reading the journal on its own core.
        try Detector.check(header: header, thresholds: thresholds, strict: strict, lanes: 2, frames: forEachFrame)
    }

    /// Each frame record, in order, one at a time.
    func forEachFrame(_ body: (Frame) throws -> Void) throws {
        try FrameJournal.forEachFrame(at: journalPath, body)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The render of `input` with `settings`, shared by every assertion that asks for the same
    /// one: a snapshot and then a check of one stream in a test render it once (a check needs no
    /// pixels, so any render of the stream serves it). Renders are deterministic, so sharing
    /// changes how long a test takes, never what it sees.
    /// - Parameter keeping: the moments whose PNGs are needed (nil: none).
    static func of(
        _ input: SnapshotInput, settings: RenderSettings, packageRoot: String,
        keeping selection: FrameSelection? = nil
    ) throws -> RenderedStream {
        let job = try input.job(settings: settings, packageRoot: packageRoot)
        let key = try input.cacheKey(packageRoot: packageRoot) + "\n" + String(reflecting: settings)
        let serves = { (stream: RenderedStream) in selection == nil || stream.selection == selection }
        if let cached = recent.withLock({ $0.first { $0.key == key && serves($0.stream) }?.stream }) { return cached }
        let stream = try RenderedStream(job: job, keeping: selection)
        recent.withLock { recent in
            recent.removeAll { $0.key == key && $0.stream.selection == selection }
            recent.insert((key, stream), at: 0)
            if recent.count > keptRenders { recent.removeLast() }
        }
        return stream
    }

    /// The last few renders: enough for the assertions of one test, or of tests running side by side.
    private static let keptRenders = 4
    private static let recent = Locked<[(key: String, stream: RenderedStream)]>([])
}

/// A test's render: every frame's record to the journal, and the PNGs of the moments the picker
/// chooses (and the last frame's), each once.
private struct MomentSink: FrameSink {
    let wants = FrameWants(pictures: .chosen)
    let journal: FrameJournal
    let picker: MomentPicker?
    let noted: (Frame) -> Void

    func wantsPicture(of frame: Frame) -> Bool {
        picker?.take(frame) ?? false
    }

    func receive(_ picture: FramePicture) throws {
        if let png = picture.png { picker?.attach(png, to: picture.frame) }
    }

    func append(_ record: Frame) throws {
        try journal.append(record)
        noted(record)
    }

    /// The manifest's header (the frames are in the journal).
    func finish(_ render: FinishedRender) throws -> Manifest {
        render.header
    }
}
