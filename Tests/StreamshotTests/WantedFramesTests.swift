import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// A render that wants a few frames' PNGs (a golden test's moments) encodes only those and the
/// last, each once, with the bytes a full render writes for them.
@Suite struct WantedFramesTests {
    @Test func onlyTheWantedFramesAndTheLastAreEncodedWithTheirFullRenderBytes() throws {
        // A stall (frames that repeat, some wanted right after unwanted ones), then enough text to scroll.
        let paragraphs = (1...12).map { "البند \($0): يلتزم المستأجر بدفع الأجرة في موعدها المحدد دون تأخير. " }
        let transcript = Transcript(
            events: [StreamEvent(timeMs: 0, kind: .delta("مدة العقد سنة واحدة.\n\n"))]
                + paragraphs.enumerated().map { StreamEvent(timeMs: 1500 + Double($0.offset) * 120, kind: .delta($0.element + "\n\n")) }
                + [StreamEvent(timeMs: 3200, kind: .done)])
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        let folder = TestSupport.temporaryDirectory("wanted")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = TestSupport.smallOptions()
        options.heightPt = 300
        let full = try renderer.render(transcript, options: options, to: folder)
        let frames = try full.manifest.frames
        #expect(frames.contains { $0.scroll > 0 }, "the answer scrolls")
        #expect(full.distinctFrames < full.frameCount, "some frames repeat")

        let wants = { (index: Int) in index % 7 == 3 }
        let (header, records, encoded) = try renderer.render(transcript, options: options, into: ChosenPictures { wants($0.index) })
        // The same records as the full render's, as the manifest writes them (it rounds).
        #expect(try records.map(Manifest.jsonLine) == frames.map(Manifest.jsonLine))
        #expect(header.blocks.map(\.id) == (try full.manifest.blocks.map(\.id)))
        let expected = frames.map(\.index).filter(wants) + (wants(frames.count - 1) ? [] : [frames.count - 1])
        #expect(encoded.map(\.index) == expected)
        for (index, png) in encoded {
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + frames[index].file))
            #expect(Data(png) == written, "frame \(index): the bytes of the full render")
        }
    }
}

/// Every record, and the PNGs of the frames `chooses` picks and the last frame's.
private struct ChosenPictures: FrameSink {
    let wants = FrameWants(pictures: .chosen)
    let chooses: (Frame) -> Bool
    var records: [Frame] = []
    var encoded: [(index: Int, png: [UInt8])] = []

    init(chooses: @escaping (Frame) -> Bool) {
        self.chooses = chooses
    }

    func wantsPicture(of frame: Frame) -> Bool { chooses(frame) }

    mutating func receive(_ picture: FramePicture) throws {
        if let png = picture.png { encoded.append((picture.frame.index, png)) }
    }

    mutating func append(_ record: Frame) throws { records.append(record) }

    func finish(_ render: FinishedRender) throws -> (Manifest, [Frame], [(index: Int, png: [UInt8])]) {
        (render.header, records, encoded)
    }
}
