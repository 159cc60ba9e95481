import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Frames' files are written on a thread of their own: a frame is announced (`afterEachFrame`,
/// what the service's progress and its latest-frame route read) only once its file is on disk,
/// in order, each once; and a write that fails stops the render with the file's name.
@Suite struct FrameFileWriterTests {
    static let transcript = Transcript(events: [
        StreamEvent(timeMs: 0, kind: .delta("مدة العقد سنة واحدة. ")),
        StreamEvent(timeMs: 600, kind: .delta("تبدأ في أول مارس.")),
        StreamEvent(timeMs: 700, kind: .done)
    ])

    @Test(arguments: [RepeatedFrames.written, .hardLinked, .distinct])
    func aFrameIsAnnouncedOnceItsFileIsThere(_ repeats: RepeatedFrames) throws {
        let folder = TestSupport.temporaryDirectory("writer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        var announced: [Int] = []
        let result = try renderer.render(Self.transcript, options: TestSupport.smallOptions(), to: folder, repeats: repeats) { frame in
            announced.append(frame.index)
            // A distinct render's repeat has no file of its own: the frame it repeats is there.
            let named = FileManager.default.fileExists(atPath: folder + "/" + frame.file)
            #expect(named || repeats == .distinct, "frame \(frame.index) announced before its file was written")
        }
        #expect(announced == Array(0..<result.frameCount))
        for frame in try result.manifest.frames {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + frame.file), "frame \(frame.index): \(frame.file)")
        }
    }

    /// A render that cannot start — an input that is not there — leaves the folder's last render
    /// as it was: the fonts and the input are read before the folder is prepared.
    @Test func aRenderThatCannotStartLeavesTheLastRenderAlone() throws {
        let folder = TestSupport.temporaryDirectory("writer-no-input")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var job = RenderJob(input: .transcript(Self.transcript), options: TestSupport.smallOptions(), fontsDirectory: TestSupport.fontsDirectory)
        let first = try job.render(to: folder)
        job.input = .file(folder + "/no-such-answer.md")
        #expect(throws: InputError.self) { try job.render(to: folder) }
        #expect(FileManager.default.fileExists(atPath: first.manifestPath), "the last render's manifest was removed")
        #expect(FileManager.default.fileExists(atPath: folder + "/frames/000000.png"), "the last render's frames were removed")
    }

    @Test func aWriteThatFailsStopsTheRenderAndNamesTheFile() throws {
        let folder = TestSupport.temporaryDirectory("writer-fails")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        var announcedAfter = 0
        do {
            _ = try renderer.render(Self.transcript, options: TestSupport.smallOptions(), to: folder) { frame in
                // The frames folder becomes a file: every write after this one fails. (Moved away,
                // not removed: the writer may be adding a file to it at this moment.)
                if frame.index == 3 {
                    try FileManager.default.moveItem(atPath: folder + "/frames", toPath: folder + "/gone")
                    try Data().write(to: URL(fileURLWithPath: folder + "/frames"))
                }
                if frame.index > 3 { announcedAfter += 1 }
            }
            Issue.record("the render went on past a write that failed")
        } catch let error as InputError {
            #expect(error.message.contains(folder + "/frames/0000"), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/manifest.json"), "no manifest for a render that failed")
        // Only frames already on disk when the folder went (at most the dozen queued) are announced.
        #expect(announcedAfter <= 12, "\(announcedAfter) frames announced after the folder went")
    }
}
