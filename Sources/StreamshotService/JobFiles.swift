import Foundation

/// A job's files under the data folder: `jobs/<id>/input.<kind>` (written before the job is
/// queued), `jobs/<id>/render.partial-<attempt>/` while it renders, renamed to `jobs/<id>/render/`
/// only when it has succeeded, so a render cut short is never served as complete. Each attempt
/// has its own partial folder: on a shared folder, an instance that lost its lease and the one
/// that took the job over never write into the same one.
struct JobFiles: Sendable {
    let dataDirectory: String

    func folder(_ id: String) -> String { "\(dataDirectory)/jobs/\(id)" }
    func input(_ job: RenderJobRecord) -> String { folder(job.id) + "/" + job.input.fileName }
    func partialRender(_ id: String, attempt: Int) -> String { folder(id) + "/render.partial-\(attempt)" }
    func render(_ id: String) -> String { folder(id) + "/render" }

    func saveInput(_ bytes: [UInt8], for job: RenderJobRecord) throws {
        try FileManager.default.createDirectory(atPath: folder(job.id), withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: input(job)), options: .atomic)
    }

    /// An empty folder to render into, whatever an interrupted attempt left.
    func startRender(_ id: String, attempt: Int) throws -> String {
        let partial = partialRender(id, attempt: attempt)
        try? FileManager.default.removeItem(atPath: partial)
        try? FileManager.default.removeItem(atPath: render(id))
        try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
        return partial
    }

    /// The finished render in place, in one rename. When another attempt has put its finished
    /// render there since this one started (an instance that lost its lease finishing late, or
    /// the one that took the job over), that one stays and this attempt's folder goes: renders are
    /// deterministic, so it holds the same bytes, and a render being served is never removed.
    func completeRender(_ id: String, attempt: Int) throws {
        let partial = partialRender(id, attempt: attempt)
        let finished = render(id) + "/manifest.json"
        defer { removeEarlierAttempts(id, before: attempt) }
        if FileManager.default.fileExists(atPath: finished) {
            try? FileManager.default.removeItem(atPath: partial)
            return
        }
        try? FileManager.default.removeItem(atPath: render(id))  // what a crashed rename left, if anything
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: render(id))
        } catch  where FileManager.default.fileExists(atPath: finished) {
            try? FileManager.default.removeItem(atPath: partial)  // the other attempt landed first
        }
    }

    /// The partial folders of attempts before `attempt`: what a killed process left. Only earlier
    /// ones: a later attempt may still be rendering (on a shared folder, the instance that took
    /// the job over), while an earlier one still running has lost the job and cannot end it.
    private func removeEarlierAttempts(_ id: String, before attempt: Int) {
        let prefix = "render.partial-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder(id))) ?? [] where name.hasPrefix(prefix) {
            if let number = Int(name.dropFirst(prefix.count)), number < attempt {
                try? FileManager.default.removeItem(atPath: folder(id) + "/" + name)
            }
        }
    }

    func discardRender(_ id: String, attempt: Int) {
        try? FileManager.default.removeItem(atPath: partialRender(id, attempt: attempt))
    }

    func remove(_ id: String) {
        try? FileManager.default.removeItem(atPath: folder(id))
    }

    /// The newest frame of a job and its index: the last one written while it renders (its
    /// progress counts only frames already on disk), its last frame once it has succeeded.
    /// - Parameter made: frames known to be written, when the store's count may lag behind
    ///   (`FrameBulletin`).
    func latestFrame(_ job: RenderJobRecord, made: Int? = nil) -> (index: Int, png: Data)? {
        let running = max(job.framesDone, made ?? 0)
        let candidates: [(folder: String, count: Int)] =
            switch job.status {
            case .running: [(partialRender(job.id, attempt: job.attempts), running), (render(job.id), job.frames ?? running)]
            case .succeeded: [(render(job.id), job.frames ?? 0)]
            default: []
            }
        // A render that succeeds meanwhile has moved its frames: the next candidate has them.
        return candidates.lazy.compactMap { folder, count in
            guard count > 0, let png = FileManager.default.contents(atPath: folder + String(format: "/frames/%06d.png", count - 1)) else {
                return nil
            }
            return (count - 1, png)
        }.first
    }

    /// The review's files, made on first request (`ReviewMaker`).
    static let reviewFiles = ["report.html", "review/contact-sheet.png", "review/timeline.png", "review/animation.png"]

    /// A file of the finished render by its relative path, only `manifest.json`,
    /// `frames/NNNNNN.png` or one of `reviewFiles`: anything else (`..`, encoded or not) is not there.
    func artifact(_ id: String, _ relative: String) -> String? {
        let number = relative.hasPrefix("frames/") && relative.hasSuffix(".png") ? relative.dropFirst(7).dropLast(4) : ""
        let isFrame = number.count >= 6 && number.allSatisfy { ("0"..."9").contains($0) }
        guard relative == "manifest.json" || isFrame || Self.reviewFiles.contains(relative) else { return nil }
        let path = render(id) + "/" + relative
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
