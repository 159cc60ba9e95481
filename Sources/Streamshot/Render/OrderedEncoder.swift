import Foundation
import StreamshotGraphics

/// Encodes frames to PNG on several threads and hands the results back in submission order.
/// PNG encoding is deterministic, so the bytes are the same as a single-threaded run's.
/// With one worker it encodes inline, on the caller's thread.
final class OrderedEncoder: @unchecked Sendable {
    private let workers: Int
    private let queue = DispatchQueue(label: "streamshot.encode", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private let finished = NSCondition()
    private var results: [Int: (png: Result<[UInt8], any Error>, milliseconds: Double)] = [:]

    init(workers: Int) {
        self.workers = max(1, workers)
        // Frames in flight: enough to keep every worker busy, few enough to bound memory.
        slots = DispatchSemaphore(value: self.workers)
    }

    /// Starts encoding job `id` (ids increase by one per distinct frame).
    func submit(_ id: Int, pixels: XRGBPixels) {
        if workers == 1 {
            store(id, Self.encode(pixels))
            return
        }
        slots.wait()
        queue.async { [self] in
            store(id, Self.encode(pixels))
            slots.signal()
        }
    }

    /// A job with no bytes (benchmarks that measure everything but encoding).
    func submitEmpty(_ id: Int) {
        store(id, (.success([]), 0))
    }

    /// Job `id`'s PNG and encoding time, waiting for it when `wait` is true.
    func result(_ id: Int, wait: Bool) throws -> (png: [UInt8], milliseconds: Double)? {
        finished.lock()
        defer { finished.unlock() }
        while true {
            if let result = results[id] { return (try result.png.get(), result.milliseconds) }
            guard wait else { return nil }
            finished.wait()
        }
    }

    /// Forgets jobs before `id` (no frame still to be emitted refers to them).
    func release(before id: Int) {
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

    private static func encode(_ pixels: XRGBPixels) -> (Result<[UInt8], any Error>, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = Result { try PNGEncoder.encode(pixels) }
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
}
