import Foundation
import StreamshotGraphics

/// A frame whose PNG is ready, handed back in frame order.
struct EncodedFrame {
    var frame: Frame
    let png: [UInt8]
    /// Time spent encoding it; zero for a frame that repeats the one before.
    let encodeMs: Double
}

/// Encodes frames to PNG on several threads and hands them back in frame order. A frame whose
/// pixels equal the previous frame's is not encoded again: it reuses those bytes. The encoder
/// (`BandedPNGEncoder`) reuses the compressed bands of rows it has seen; its output depends on
/// the pixels alone, so the bytes are the same as a single-threaded run's. With one worker it
/// encodes inline, on the caller's thread.
final class OrderedEncoder: @unchecked Sendable {
    private let workers: Int
    private let encodes: Bool
    private let queue = DispatchQueue(label: "streamshot.encode", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let finished = NSCondition()
    /// Encoding jobs by id (one per distinct frame), guarded by `finished`.
    private var results: [Int: (png: Result<[UInt8], any Error>, milliseconds: Double)] = [:]
    /// Frames not yet handed back, each with its job.
    private var waiting: [(frame: Frame, job: Int)] = []
    private var previousPixels: [UInt8]?
    private var lastJob = -1
    private var handedJob = -1

    /// Frames that differ from the one before (the others are byte copies).
    var distinctFrames: Int { lastJob + 1 }

    /// - Parameter encodes: false for benchmarks that measure everything but encoding (no bytes).
    init(workers: Int, encodes: Bool = true) {
        self.workers = max(1, workers)
        self.encodes = encodes
        // Frames in flight: enough to keep every worker busy, few enough to bound memory.
        slots = DispatchSemaphore(value: self.workers)
    }

    /// Queues `frame`, starting to encode its pixels unless they repeat the previous frame's.
    func submit(_ frame: Frame, pixels: XRGBPixels) {
        if !encodes {
            lastJob += 1
            store(lastJob, (.success([]), 0))
        } else if let previous = previousPixels, pixels.bytes.sameBytes(as: previous) {
            // Same pixels, same bytes: the frame reuses the last job.
        } else {
            lastJob += 1
            startEncoding(lastJob, pixels)
            previousPixels = pixels.bytes
        }
        waiting.append((frame, lastJob))
    }

    /// The frames whose PNGs are ready, in order; with `wait`, every frame submitted.
    func ready(wait: Bool) throws -> [EncodedFrame] {
        var handed: [EncodedFrame] = []
        while let first = waiting.first, let result = try result(first.job, wait: wait) {
            let repeats = first.job == handedJob
            handed.append(EncodedFrame(frame: first.frame, png: result.png, encodeMs: repeats ? 0 : result.milliseconds))
            if !repeats {
                release(before: first.job)
                handedJob = first.job
            }
            waiting.removeFirst()
        }
        return handed
    }

    private func startEncoding(_ id: Int, _ pixels: XRGBPixels) {
        if workers == 1 {
            store(id, encode(pixels))
            return
        }
        slots.wait()
        queue.async { [self] in
            store(id, encode(pixels))
            slots.signal()
        }
    }

    /// Job `id`'s PNG and encoding time, waiting for it when `wait` is true.
    private func result(_ id: Int, wait: Bool) throws -> (png: [UInt8], milliseconds: Double)? {
        finished.lock()
        defer { finished.unlock() }
        while true {
            if let result = results[id] { return (try result.png.get(), result.milliseconds) }
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

    private func store(_ id: Int, _ value: (Result<[UInt8], any Error>, Double)) {
        finished.lock()
        results[id] = (value.0, value.1)
        finished.broadcast()
        finished.unlock()
    }

    /// Band-reusing encoders, one per job in flight: each keeps the bands it has compressed, which
    /// changes speed, never bytes, so any of them may take any frame.
    private let encoders = EncoderPool()

    private func encode(_ pixels: XRGBPixels) -> (Result<[UInt8], any Error>, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let encoder = encoders.take()
        defer { encoders.put(encoder) }
        let result = Result { try encoder.encode(rgb: pixels.rgb(), width: pixels.width, height: pixels.height) }
        return (result, StageTimer.milliseconds(since: start))
    }
}

/// Encoders to lend, one per caller at a time (an encoder's cache is not shared between threads).
private final class EncoderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [BandedPNGEncoder] = []

    func take() -> BandedPNGEncoder {
        lock.withLock { idle.popLast() } ?? BandedPNGEncoder()
    }

    func put(_ encoder: BandedPNGEncoder) {
        lock.withLock { idle.append(encoder) }
    }
}
