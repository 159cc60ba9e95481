import Foundation
import Streamshot
import StreamshotGraphics
import StreamshotReview

/// A finished render's review — contact sheet, timeline, animation and `report.html` — made the
/// first time one of them is asked for (most jobs are only checked), once even when asked for
/// by several clients at the same moment, and kept beside the render.
actor ReviewMaker {
    private let files: JobFiles
    private let fontsDirectory: String?
    private var making: [String: Task<Void, any Error>] = [:]

    init(files: JobFiles, fontsDirectory: String?) {
        self.files = files
        self.fontsDirectory = fontsDirectory
    }

    /// Makes the review of job `id` unless it is there.
    func ensure(_ id: String) async throws {
        let render = files.render(id)
        if FileManager.default.fileExists(atPath: render + "/report.html") { return }
        if let task = making[id] { return try await task.value }
        let fonts = fontsDirectory
        let task = Task {
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
                _ = try Review(render: directory, fonts: try FontLibrary(directory: fonts)).write(to: render + "/review", ffmpeg: nil)
            }
            try result.get()
        }
        making[id] = task
        defer { making[id] = nil }
        try await task.value
    }

    enum ReviewError: Error, CustomStringConvertible {
        case noFonts
        var description: String { "the server has no fonts to label the review with" }
    }
}
