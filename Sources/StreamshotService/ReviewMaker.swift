import Foundation
import Streamshot
import StreamshotGraphics
import StreamshotReview

/// A finished render's review — contact sheet, timeline, animation and `report.html` — made the
/// first time one of them is asked for (most jobs are only checked), once even when asked for
/// by several clients at the same moment, and kept beside the render. A request waits for it a
/// few seconds at most (`patience`): a review is CPU work that a loaded server stretches past what
/// a client or a proxy waits for an answer (10 s, schemathesis's), so the request is told to come
/// back (`202`) while the review goes on.
actor ReviewMaker {
    private let files: JobFiles
    private let fontsDirectory: String?
    private let patience: Duration
    private var making: [String: Task<Void, any Error>] = [:]

    init(files: JobFiles, fontsDirectory: String?, patience: Duration = .seconds(5)) {
        self.files = files
        self.fontsDirectory = fontsDirectory
        self.patience = patience
    }

    /// Whether the review of `job` is there: made now if it is not, waiting for it no longer than `patience`.
    func ready(_ job: RenderJobRecord) async throws -> Bool {
        let id = job.id
        if FileManager.default.fileExists(atPath: files.render(id) + "/report.html") { return true }
        let task = making[id] ?? start(id, title: Self.title(job))
        guard let outcome = await Self.outcome(of: task, within: patience) else { return false }
        try outcome.get()
        return true
    }

    /// The report's title: the job's folder is always `render`, so it names the job and its input.
    static func title(_ job: RenderJobRecord) -> String {
        "Streamshot review: render \(job.id.prefix(8)) (\(job.input.rawValue), \(job.arguments.filter { !$0.hasPrefix("--max-") }.joined(separator: " ")))"
    }

    private func start(_ id: String, title: String) -> Task<Void, any Error> {
        let render = files.render(id)
        let fonts = fontsDirectory
        let task = Task {
            // Forgotten once ended, made or not: a failed review is tried again at the next request.
            defer { making[id] = nil }
            let result = await JobRunner.onItsOwnThread {
                guard let fonts = fonts ?? FontLocator.defaultDirectory() else { throw ReviewError.noFonts }
                let directory: RenderDirectory
                do {
                    directory = try RenderDirectory(path: render)
                } catch let error as InputError {
                    // Over the review's memory bound (or unreadable): said, never an allocation that kills the server.
                    throw Problem(.unprocessableContent, "Cannot review", error.message.replacingOccurrences(of: render + "/", with: ""))
                }
                // No MP4 or GIF: the animated PNG needs nothing, and ffmpeg is not the service's to run.
                _ = try Review(render: directory, fonts: try FontLibrary(directory: fonts), title: title).write(to: render + "/review", ffmpeg: nil)
            }
            try result.get()
        }
        making[id] = task
        return task
    }

    /// `task`'s outcome, or nil once `patience` has passed without one (the task goes on).
    private static func outcome(of task: Task<Void, any Error>, within patience: Duration) async -> Result<Void, any Error>? {
        let answered = Answered()
        return await withCheckedContinuation { continuation in
            let clock = Task {
                try? await Task.sleep(for: patience)
                if answered.claim() { continuation.resume(returning: nil) }
            }
            Task {
                let result = await task.result
                clock.cancel()
                if answered.claim() { continuation.resume(returning: result) }
            }
        }
    }

    /// Which of the two waiters answers: the first to claim it.
    private final class Answered: @unchecked Sendable {
        private let lock = NSLock()
        private var claimed = false
        func claim() -> Bool {
            lock.withLock {
                defer { claimed = true }
                return !claimed
            }
        }
    }

    enum ReviewError: Error, CustomStringConvertible {
        case noFonts
        var description: String { "the server has no fonts to label the review with" }
    }
}
