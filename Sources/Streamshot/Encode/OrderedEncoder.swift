import Foundation
import StreamshotGraphics

/// A frame whose PNG is ready, handed back in frame order.
struct EncodedFrame {
    var frame: Frame
    /// Nil for a frame whose picture was not wanted (`Picture.unwanted`).
    let png: [UInt8]?
    /// Whether it repeats the frame before (same pixels, same bytes).
    let repeatsPrevious: Bool
    /// Time spent deflating its new bands and stitching its PNG; zero for a repeat.
    let compressMs: Double
    let encodeMs: Double
}

/// Encodes frames to PNG on several threads and hands them back in frame order.
///
/// It keeps each canvas row's content hash (`RowHashes`), moved with the picture and computed
/// again only for the rows painted, so naming a frame's rows reads only what changed. A frame
/// whose rows all equal the previous frame's is not encoded again: it reuses those bytes. Other
/// frames are planned from their bands of rows (`BandStore`): bands seen before reuse their
/// compressed bytes, new ones are copied out and deflated on a worker thread, and the PNG is
/// stitched there. A band's bytes depend on its rows alone, so the files are the same as a
/// single-threaded run's. With one worker it encodes inline, on the caller's thread.
final class OrderedEncoder: @unchecked Sendable {
    private let workers: Int
    private let encodes: Bool
    private let queue = DispatchQueue(label: "streamshot.encode", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let finished = NSCondition()
    /// Encoding jobs by id (one per distinct frame), guarded by `finished`.
    private var results: [Int: JobResult] = [:]
    /// Frames not yet handed back, each with its job.
    private var waiting: [(frame: Frame, job: Int)] = []
    private var rowHashes: RowHashes?
    private var previousRows: [ContentHash] = []
    private var previousPhase = 0
    /// The previous frame was encoded (or skipped by a benchmark): a frame repeating it reuses its job.
    private var previousEncoded = false
    private let bands = BandStore()
    private var lastJob = -1
    private var handedJob = -1

    private struct JobResult {
        let png: Result<[UInt8]?, any Error>
        var compressMs = 0.0
        var encodeMs = 0.0
    }

    /// Frames that differ from the one before (the others are byte copies).
    var distinctFrames: Int { lastJob + 1 }
    /// Bands taken from earlier frames, and bands compressed.
    var bandsReused: Int { bands.reused }
    var bandsCompressed: Int { bands.compressed }

    /// - Parameter encodes: false for benchmarks that measure everything but encoding (no bytes).
    init(workers: Int, encodes: Bool = true) {
        self.workers = max(1, workers)
        self.encodes = encodes
        // Frames in flight: enough to keep every worker busy, few enough to bound memory.
        slots = DispatchSemaphore(value: self.workers)
    }

    /// What the frame `canvas` now shows (after `damage` was painted on it) asks of the encoder.
    enum Picture {
        case repeatsPrevious
        case bands(PNGPlan)
        /// Not encoded (benchmarks that measure everything but encoding).
        case skipped
        /// Not painted nor encoded: no one asked for its PNG (a golden test keeps a dozen moments
        /// of thousands of frames).
        case unwanted
    }

    /// Names the rows `damage` touched and plans the frame's bands, unless its rows repeat the
    /// previous frame's. Reads the canvas, so it runs before the next frame is painted.
    /// - Parameters:
    ///   - scroll: the frame's scroll, in whole pixels: bands are cut where the page is, so they
    ///     keep their rows as it scrolls.
    func picture(of canvas: Canvas, damage: FrameDamage, scroll: Int) -> Picture {
        guard encodes else {
            previousEncoded = true
            return .skipped
        }
        let hashes = rowHashes ?? RowHashes(height: canvas.height)
        rowHashes = hashes
        return canvas.withPixelRows { base, stride in
            let pixels = PixelRows(base: base, stride: stride, width: canvas.width, format: .xrgb)
            hashes.shift(by: damage.shift)
            hashes.update(damage.rows, from: pixels)
            // A repeat needs the same rows cut the same way: bands are cut where the page is, so a
            // frame that scrolled onto the same pixels is encoded again (as a shard starting there would).
            let phase = ((scroll % bands.bandRows) + bands.bandRows) % bands.bandRows
            if previousEncoded, hashes.rows == previousRows, phase == previousPhase { return .repeatsPrevious }
            previousRows = hashes.rows
            previousPhase = phase
            previousEncoded = true
            return .bands(bands.plan(rowHashes: hashes.rows, pixels: pixels, height: canvas.height, offset: scroll))
        }
    }

    /// A frame whose PNG no one wants: nothing is planned, and the next frame is not a repeat of it.
    func unwanted() -> Picture {
        previousEncoded = false
        return .unwanted
    }

    /// `picture`'s PNG, made at once on this thread (nil for one that is not bands). Call it
    /// after `ready(wait: true)`: the band store is the workers' no more.
    func encodeNow(_ picture: Picture) throws -> [UInt8]? {
        guard case .bands(let plan) = picture else { return nil }
        return try Self.encode(plan).png.get()
    }

    /// Queues `frame`, starting to encode its picture unless it repeats the previous frame's.
    func submit(_ frame: Frame, _ picture: Picture) {
        switch picture {
        case .repeatsPrevious:
            break  // same pixels, same bytes: the frame reuses the last job
        case .bands(let plan):
            lastJob += 1
            startEncoding(lastJob, plan)
        case .skipped:
            lastJob += 1
            store(lastJob, JobResult(png: .success([])))
        case .unwanted:
            lastJob += 1
            store(lastJob, JobResult(png: .success(nil)))
        }
        waiting.append((frame, lastJob))
    }

    /// The frames whose PNGs are ready, in order; with `wait`, every frame submitted.
    func ready(wait: Bool) throws -> [EncodedFrame] {
        var handed: [EncodedFrame] = []
        while let first = waiting.first, let result = try result(first.job, wait: wait) {
            let repeats = first.job == handedJob
            handed.append(
                EncodedFrame(
                    frame: first.frame, png: try result.png.get(), repeatsPrevious: repeats,
                    compressMs: repeats ? 0 : result.compressMs, encodeMs: repeats ? 0 : result.encodeMs))
            if !repeats {
                release(before: first.job)
                handedJob = first.job
            }
            waiting.removeFirst()
        }
        return handed
    }

    private func startEncoding(_ id: Int, _ plan: PNGPlan) {
        if workers == 1 {
            store(id, Self.encode(plan))
            return
        }
        slots.wait()
        queue.async { [self] in
            store(id, Self.encode(plan))
            slots.signal()
        }
    }

    private static func encode(_ plan: PNGPlan) -> JobResult {
        let start = DispatchTime.now().uptimeNanoseconds
        plan.compress()
        let compressed = DispatchTime.now().uptimeNanoseconds
        let png = Result<[UInt8]?, any Error> { try plan.assemble() }
        return JobResult(png: png, compressMs: Double(compressed - start) / 1e6, encodeMs: StageTimer.milliseconds(since: compressed))
    }

    /// Job `id`'s result, waiting for it when `wait` is true.
    private func result(_ id: Int, wait: Bool) throws -> JobResult? {
        finished.lock()
        defer { finished.unlock() }
        while true {
            if let result = results[id] { return result }
            guard wait else { return nil }
            finished.wait()
        }
    }

    /// Forgets jobs before `id` (no frame still to be handed back refers to them).
    private func release(before id: Int) {
        finished.lock()
        results = results.filter { $0.key >= id }
        finished.unlock()
    }

    private func store(_ id: Int, _ value: JobResult) {
        finished.lock()
        results[id] = value
        finished.broadcast()
        finished.unlock()
    }
}
