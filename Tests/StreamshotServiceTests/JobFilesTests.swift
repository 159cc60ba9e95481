import Foundation
import LiveTestSupport
import Testing

@testable import StreamshotService

/// A job's render folder on a shared volume: an attempt that finishes after another attempt's
/// render is in place leaves that one be.
@Suite(.onOwnThreads) struct JobFilesTests {
    /// A finished attempt's folder: frames, then the manifest, as a render writes them.
    static func finish(_ files: JobFiles, _ id: String, attempt: Int) throws {
        let folder = try files.startRender(id, attempt: attempt)
        try Data("attempt \(attempt)".utf8).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
    }

    @Test func aLateAttemptNeverReplacesAFinishedRender() throws {
        let data = NSTemporaryDirectory() + "streamshot-jobfiles-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let files = JobFiles(dataDirectory: data)
        // Attempt 1 (an instance whose lease ran out) is still rendering when attempt 2 starts and
        // finishes: its folder goes with attempt 2's success, so it has nowhere left to write, and
        // when it completes all the same, the render in place stays.
        let late = try files.startRender("job", attempt: 1)
        try Self.finish(files, "job", attempt: 2)
        try files.completeRender("job", attempt: 2)
        #expect(!FileManager.default.fileExists(atPath: late))
        try files.completeRender("job", attempt: 1)
        #expect(try String(contentsOfFile: files.render("job") + "/manifest.json", encoding: .utf8) == "attempt 2")
        // The other way round: the late attempt lands first, and the one holding the job keeps it.
        try Self.finish(files, "other", attempt: 2)
        try Self.finish(files, "other", attempt: 1)
        try files.completeRender("other", attempt: 1)
        try files.completeRender("other", attempt: 2)
        #expect(try String(contentsOfFile: files.render("other") + "/manifest.json", encoding: .utf8) == "attempt 1")
        #expect(!FileManager.default.fileExists(atPath: files.partialRender("other", attempt: 2)))
    }

    /// A process killed mid-render leaves `render.partial-1/`; the attempt after the restart
    /// succeeds and takes it away (it stayed for good before).
    @Test func aKilledAttemptsFolderGoesWhenTheNextSucceeds() throws {
        let data = NSTemporaryDirectory() + "streamshot-jobfiles-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let files = JobFiles(dataDirectory: data)
        let killed = try files.startRender("job", attempt: 1)
        try Data([0x89]).write(to: URL(fileURLWithPath: killed + "/000000.png"))
        try Self.finish(files, "job", attempt: 2)
        try files.completeRender("job", attempt: 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: files.folder("job"))
        #expect(left == ["render"], "\(left)")
    }
}
