import Foundation
import HTTPTypes
import Hummingbird

/// A job's newest frame as an answer: its PNG, and which frame it is — `Streamshot-Frame` (its
/// index) and, while it renders in this process, `Streamshot-Frame-Time` (its time in the stream,
/// in ms) — so a watcher knows what it is looking at.
enum LatestFrameResponse {
    static let indexField = HTTPField.Name("Streamshot-Frame")!
    static let timeField = HTTPField.Name("Streamshot-Frame-Time")!

    /// Nil when the job has no frame yet.
    static func make(_ job: RenderJobRecord, files: JobFiles, bulletin: FrameBulletin) -> Response? {
        let announced = bulletin.latest(job.id)
        guard let (index, png) = files.latestFrame(job, made: announced.map { $0.index + 1 }) else { return nil }
        var headers: HTTPFields = [.cacheControl: "no-store"]
        headers[indexField] = "\(index)"
        if let announced, announced.index == index { headers[timeField] = String(format: "%.2f", announced.timeMs) }
        return JSONResponse.bytes(Array(png), contentType: "image/png", headers: headers)
    }
}
