import Foundation
import Streamshot

/// One render of a stream, kept in memory: its manifest and every frame with its PNG.
final class RenderedStream: Sendable {
    struct Shown: Sendable {
        let frame: Frame
        let png: [UInt8]
    }

    let manifest: Manifest
    let frames: [Shown]

    init(job: RenderJob) throws {
        var frames: [Shown] = []
        manifest = try job.render { frame, png in frames.append(Shown(frame: frame, png: png)) }
        self.frames = frames
    }

    /// The render of `input` with `settings`, shared by every assertion that asks for the same
    /// one: a snapshot and a check of one stream in a test render it once. Renders are
    /// deterministic, so sharing changes how long a test takes, never what it sees.
    static func of(_ input: SnapshotInput, settings: RenderSettings, packageRoot: String) throws -> RenderedStream {
        let job = try input.job(settings: settings, packageRoot: packageRoot)
        let key = try input.cacheKey(packageRoot: packageRoot) + "\n" + String(reflecting: settings)
        if let cached = recent.withLock({ $0.first { $0.key == key }?.stream }) { return cached }
        let stream = try RenderedStream(job: job)
        recent.withLock { recent in
            recent.removeAll { $0.key == key }
            recent.insert((key, stream), at: 0)
            if recent.count > keptRenders { recent.removeLast() }
        }
        return stream
    }

    /// The last few renders: enough for the assertions of one test, or of tests running side by side.
    private static let keptRenders = 4
    private static let recent = Locked<[(key: String, stream: RenderedStream)]>([])
}
