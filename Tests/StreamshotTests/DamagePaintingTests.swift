import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Painting only what changed — the previous frame's pixels moved with the scroll, the damaged
/// rows painted again — makes exactly the frames a whole repaint makes: every bundled example,
/// and the devices, themes, clients and readers that move overlays, chrome and the scroll.
@Suite struct DamagePaintingTests {
    /// Every frame's PNG, painted both ways, byte for byte; the count of frames painted less than whole.
    static func expectSameFrames(
        _ input: RenderJob.Input, _ arguments: String = "", trace: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
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
        #expect(
            differing.isEmpty, "\(differing.count) frames differ, from frame \(differing.first ?? -1): \(input) \(arguments)",
            sourceLocation: sourceLocation)
        #expect(count == whole.count, sourceLocation: sourceLocation)
        return whole.count
    }

    static func examples(in folder: String) throws -> [String] {
        let directory = TestSupport.examples.appendingPathComponent(folder).path
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { name in [".md", ".sse", ".jsonl", ".json"].contains { name.hasSuffix($0) } }
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

    /// The lease at full phone size, as docs/performance.md and the benchmarks render it.
    @Test func theLeaseAtFullSize() throws {
        _ = try Self.expectSameFrames(.file(TestSupport.examples.appendingPathComponent("ar-lease.sse").path))
    }

    /// Answers no one wrote: seeded mixes of every block kind in both directions, over networks
    /// that stall and drop, on devices with chrome, with readers who scroll, tap and stop.
    @Test(arguments: 0..<10)
    func generatedAnswersAndReaders(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &+ 41)
        let fragments = [
            "## البند \(seed): الأطراف\n\n", "# Renewal notice\n\n",
            "يلتزم المستأجر بسداد الأجرة في موعدها المحدد، وفي حال التأخر تستحق غرامة قدرها 1% من قيمة الدفعة.\n\n",
            "The tenant shall pay the rent on time; a late payment bears a fee of 1% of the instalment.\n\n",
            "1. راجع بند التجديد.\n2. Send a written notice to `notices@example.org`.\n   - بالبريد المسجل، أو\n   - by hand.\n\n",
            "| البند | المهلة |\n|---|---:|\n| الإشعار | 60 يومًا |\n| Reply | 30 days |\n\n",
            "```swift\nlet rent = 120_000 // الأجرة السنوية\n```\n\n",
            "> ملاحظة: لا يجوز للمؤجر رفض التجديد 📄 إلا للأسباب الواردة في العقد.\n\n",
            "- [x] تحديد البند\n- [ ] Send the notice\n\n", "---\n\n",
            "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027، وتتجدد تلقائيًا لمدة مماثلة.\n\n"
        ]
        let answer = (0..<Int.random(in: 6...14, using: &random)).map { _ in fragments.randomElement(using: &random)! }.joined()
        let setups = [
            "--device iphone-se --theme dark", "--device pixel-7 --scale 1", "--size 390x500 --scale 1",
            "--device ipad-11 --scale 1 --client haqq-mobile", "--size 360x420 --scale 2 --client cloude"
        ]
        let readers = [
            "", "--interaction scroll@3s:-250 --interaction scroll@5s:120", "--interaction scroll@2500ms:-400 --interaction tap-new-content@6s",
            "--interaction stop@4s", "--interaction background@2s --interaction foreground@4s"
        ]
        let arguments = [
            setups.randomElement(using: &random)!, readers.randomElement(using: &random)!,
            "--network " + ["3g", "flaky", "4g", "steady"].randomElement(using: &random)!, "--seed \(seed)"
        ].joined(separator: " ")
        _ = try Self.expectSameFrames(.text(answer), arguments)
    }

    /// Status bar and home indicator, the reader scrolling up and back, the new-content pill, dark.
    @Test func aReaderScrollingUnderTheChromeOfADevice() throws {
        _ = try Self.expectSameFrames(
            .file(TestSupport.examples.appendingPathComponent("ar-answer.md").path),
            "--device iphone-14 --scale 1 --theme dark --interaction scroll@4s:-500 --interaction scroll@7s:300 --interaction tap-new-content@9s")
        _ = try Self.expectSameFrames(
            .file(TestSupport.examples.appendingPathComponent("en-ar-mixed.sse").path),
            "--device android-compact --client haqq-mobile --network 3g --interaction stop@3s")
    }
}
