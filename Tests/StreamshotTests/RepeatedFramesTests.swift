import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// `--link-repeats`: a frame that repeats the one before is a hard link to that frame's file,
/// with the same bytes a plain render writes.
@Suite struct RepeatedFramesTests {
    @Test func repeatedFramesAreHardLinksToTheFrameBefore() throws {
        // A stall in the middle: a second with nothing new, frames that repeat.
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("مدة العقد سنة واحدة. ")),
            StreamEvent(timeMs: 1500, kind: .delta("تبدأ في أول مارس.")),
            StreamEvent(timeMs: 1600, kind: .done)
        ])
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let plain = TestSupport.temporaryDirectory("plain")
        let linked = TestSupport.temporaryDirectory("linked")
        defer { for folder in [plain, linked] { try? FileManager.default.removeItem(atPath: folder) } }
        let options = TestSupport.smallOptions()
        let written = try renderer.render(transcript, options: options, to: plain)
        let result = try renderer.render(transcript, options: options, to: linked, repeats: .hardLinked)
        #expect(try result.manifest == written.manifest)
        var links = 0
        var previous: (inode: UInt64, bytes: Data)?
        for frame in try result.manifest.frames {
            let path = linked + "/" + frame.file
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: plain + "/" + frame.file))), "frame \(frame.index)")
            let inode = try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
            if let previous, previous.bytes == bytes {
                #expect(inode == previous.inode, "frame \(frame.index) repeats the one before: a link to its file")
                links += 1
            } else if let previous {
                #expect(inode != previous.inode)
            }
            previous = (inode, bytes)
        }
        #expect(links >= 30, "the stall's frames are links")
        #expect(links == written.frameCount - written.distinctFrames)
    }
}

/// `--repeats distinct`: a repeat has no file of its own; its record names the file of the frame
/// it repeats, whose bytes are the plain render's for it.
@Suite struct DistinctFramesTests {
    @Test func aRepeatIsListedWithTheFileOfTheFrameItRepeats() throws {
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("مدة العقد سنة واحدة. ")),
            StreamEvent(timeMs: 1500, kind: .delta("تبدأ في أول مارس.")),
            StreamEvent(timeMs: 1600, kind: .done)
        ])
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let plain = TestSupport.temporaryDirectory("plain")
        let distinct = TestSupport.temporaryDirectory("distinct")
        defer { for folder in [plain, distinct] { try? FileManager.default.removeItem(atPath: folder) } }
        let options = TestSupport.smallOptions()
        let written = try renderer.render(transcript, options: options, to: plain)
        let result = try renderer.render(transcript, options: options, to: distinct, repeats: .distinct)
        let files = try FileManager.default.contentsOfDirectory(atPath: distinct + "/frames").filter { $0.hasSuffix(".png") }
        #expect(files.count == written.distinctFrames, "one file per distinct frame")
        let plainFrames = try written.manifest.frames
        var previous: String?
        for (frame, plainFrame) in zip(try result.manifest.frames, plainFrames) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: distinct + "/" + frame.file))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: plain + "/" + plainFrame.file))), "frame \(frame.index)")
            #expect(frame.file == plainFrame.file || frame.file == previous, "a repeat names the file before it")
            previous = frame.file
        }
    }
}
