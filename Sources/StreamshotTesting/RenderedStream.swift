import Foundation
import Streamshot

/// One render of a stream, kept in memory: its manifest (every frame's record) and the PNGs of
/// the moments one selection compares — no other pixels.
final class RenderedStream: Sendable {
    let manifest: Manifest
    /// The selection whose moments were kept (nil: none, for checks only).
    let selection: FrameSelection?
    let moments: [Moment]

    init(job: RenderJob, keeping selection: FrameSelection?) throws {
        var picker = selection.map(MomentPicker.init)
        manifest = try job.render { frame, png in picker?.offer(frame, png: png) }
        self.selection = selection
        moments = picker?.moments(blocks: manifest.blocks) ?? []
    }

    /// The render of `input` with `settings`, shared by every assertion that asks for the same
    /// one: a snapshot and then a check of one stream in a test render it once (a check needs no
    /// pixels, so any render of the stream serves it). Renders are deterministic, so sharing
    /// changes how long a test takes, never what it sees.
    /// - Parameter keeping: the moments whose PNGs are needed (nil: none).
    static func of(_ input: SnapshotInput, settings: RenderSettings, packageRoot: String,
                   keeping selection: FrameSelection? = nil) throws -> RenderedStream {
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
