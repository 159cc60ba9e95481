import Foundation
import StreamshotGraphics
import Testing
@testable import Streamshot

/// Painting only what changed — the previous frame's pixels moved with the scroll, the damaged
/// rows painted again — makes exactly the frames a whole repaint makes: every bundled example,
/// and the devices, themes, clients and readers that move overlays, chrome and the scroll.
@Suite struct DamagePaintingTests {
    /// Every frame's PNG, painted both ways, byte for byte; the count of frames painted less than whole.
    static func expectSameFrames(_ input: RenderJob.Input, _ arguments: String = "", trace: Bool = false,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var settings = try RenderSettings(arguments: arguments)
        settings.fonts = TestSupport.fontsDirectory
        settings.clientTrace = trace
        var job = try settings.job(input: input)
        var whole: [[UInt8]] = []
        job.options.repaintsWholeFrames = true
        _ = try job.render { _, png in whole.append(png) }
        job.options.repaintsWholeFrames = false
        var differing: [Int] = []
        var count = 0
        _ = try job.render { frame, png in
            if frame.index >= whole.count || png != whole[frame.index] { differing.append(frame.index) }
            count += 1
        }
        #expect(differing.isEmpty, "\(differing.count) frames differ, from frame \(differing.first ?? -1): \(input) \(arguments)",
                sourceLocation: sourceLocation)
        #expect(count == whole.count, sourceLocation: sourceLocation)
        return whole.count
    }

    static func examples(in folder: String) throws -> [String] {
        let directory = TestSupport.examples.appendingPathComponent(folder).path
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { name in [".md", ".sse", ".jsonl"].contains { name.hasSuffix($0) } }
            .sorted().map { directory + "/" + $0 }
    }

    @Test(arguments: try examples(in: "."))
    func everyBundledExample(path: String) throws {
        _ = try Self.expectSameFrames(.file(path), "--size 390x700 --scale 2")
    }

    @Test(arguments: try examples(in: "providers"))
    func everyProviderExample(path: String) throws {
        _ = try Self.expectSameFrames(.file(path), "--size 390x700 --scale 2")
    }

    @Test(arguments: try examples(in: "traces"))
    func everyClientTrace(path: String) throws {
        _ = try Self.expectSameFrames(.file(path), trace: true)
    }

    /// The lease at full phone size, as the README and the benchmarks render it.
    @Test func theLeaseAtFullSize() throws {
        _ = try Self.expectSameFrames(.file(TestSupport.examples.appendingPathComponent("ar-lease.sse").path))
    }

    /// Status bar and home indicator, the reader scrolling up and back, the new-content pill, dark.
    @Test func aReaderScrollingUnderTheChromeOfADevice() throws {
        _ = try Self.expectSameFrames(.file(TestSupport.examples.appendingPathComponent("ar-answer.md").path),
                                      "--device iphone-14 --scale 1 --theme dark --interaction scroll@4s:-500 --interaction scroll@7s:300 --interaction tap-new-content@9s")
        _ = try Self.expectSameFrames(.file(TestSupport.examples.appendingPathComponent("en-ar-mixed.sse").path),
                                      "--device android-compact --client haqq-mobile --network 3g --interaction stop@3s")
    }
}
