import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// Each detector fires on the configuration that breaks its rule, and the correct
/// configuration passes clean.
@Suite struct DetectorTests {
    private func check(_ job: RenderJob, _ configure: (inout ClientProfile) -> Void = { _ in }) throws -> CheckReport {
        var job = job
        configure(&job.options.client)
        return Detector.check(try job.render { _, _ in })
    }

    private func result(_ report: CheckReport, _ name: String) -> CheckReport.DetectorResult {
        report.detectors.first { $0.name == name }!
    }

    static let lease = Fixtures.job(Fixtures.example("ar-lease.md"), network: .threeG, seed: 4)
    static let neutralStart = Fixtures.job(Fixtures.example("ar-neutral-start.md"))

    @Test func theCorrectConfigurationPassesClean() throws {
        for transcript in [Self.lease, Self.neutralStart, Fixtures.job(Fixtures.example("en-ar-mixed.md"))] {
            let report = try check(transcript)
            #expect(report.passed, "\(report.findings.prefix(3).map(\.message))")
            #expect(report.findings.isEmpty)
        }
    }

    @Test func directionDecidedAfterTheFirstTokenIsAFlip() throws {
        let report = try check(Self.neutralStart) { $0.direction.lock = .none }
        let flips = result(report, "direction-flip")
        #expect(!flips.passed)
        let first = try #require(flips.findings.first)
        #expect(first.blockId == 0)
        #expect(first.message.contains("changed direction from ltr to rtl"))
        #expect(first.frameIndex > 0)
        #expect(flips.findings.contains { $0.message.contains("the response's direction changed") })
    }

    @Test func rawPacingOverThreeGShowsPartialWordsAndBursts() throws {
        let report = try check(Self.lease) { $0.pacing = .raw }
        let cadence = result(report, "reveal-cadence")
        #expect(!cadence.passed)
        #expect(cadence.findings.contains { $0.kind == .partialWord && $0.message.hasPrefix("partial word shown") })
        #expect(cadence.findings.contains { $0.kind == .burst })
        // The display buffer over the same network is clean.
        #expect(result(try check(Self.lease), "reveal-cadence").passed)
    }

    @Test func anUnenforcedLinePitchIsCaught() throws {
        let report = try check(Self.lease) { $0.pitch.mode = .fontRelative }
        let pitch = result(report, "line-height")
        #expect(!pitch.passed)
        let finding = try #require(pitch.findings.first)
        // 1.8 x the block's own font size: body text, or a heading's (scale 1 frames, 17 pt body).
        let fontSizes = ([1.0] + Theme.light.headingScales).map { 17 * $0 }
        let expected = try #require(finding.values["expected"])
        #expect(fontSizes.contains { abs(expected - 1.8 * $0) < 0.01 }, "expected pitch \(expected) is not 1.8 x a font size")
        #expect(abs(finding.values["pitch"]! - finding.values["expected"]!) > 1)
    }

    @Test func alignmentMirroredTwiceIsCaught() throws {
        let report = try check(Self.lease) { $0.alignment.resolution = .mirroredTwice }
        let alignment = result(report, "alignment")
        #expect(!alignment.passed)
        #expect(alignment.findings.first?.message.contains("is aligned left; textAlign auto in rtl resolves to right") == true)
    }

    @Test func aRewriteIsALayoutShiftAndARewriteFinding() throws {
        // A polling client whose second poll rewrote the first paragraph: the block below moves up.
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .snapshot("The first paragraph is long enough to wrap onto a second line in this frame.\n\nSecond.")),
            StreamEvent(timeMs: 2000, kind: .snapshot("Short.\n\nSecond paragraph, now longer.")),
            StreamEvent(timeMs: 2000, kind: .done)
        ])
        let report = try check(
            RenderJob(
                input: .transcript(transcript), options: Fixtures.smallOptions(),
                fontsDirectory: Fixtures.fontsDirectory)
        ) { $0.pacing = .raw }
        #expect(result(report, "reveal-cadence").findings.contains { $0.message.hasPrefix("content rewritten") })
        let shift = result(report, "layout-shift")
        #expect(!shift.findings.isEmpty)
        #expect((shift.score ?? 0) > 0)
    }

    @Test func theReportReadsWellAndAsJSON() throws {
        let report = try check(Self.lease) { $0.alignment.resolution = .mirroredTwice }
        let text = CheckReportText.readable(report, manifestPath: "out/manifest.json")
        #expect(text.hasPrefix("streamshot check out/manifest.json: FAIL"))
        #expect(text.contains("  FAIL alignment"))
        #expect(text.contains("  ok   direction-flip: 0 finding(s)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(CheckReportText.json(report).utf8)) as? [String: Any])
        #expect(json["passed"] as? Bool == false)
    }

    @Test func aManifestRoundTripsThroughItsFile() throws {
        let out = Fixtures.temporaryDirectory("roundtrip")
        var options = Fixtures.smallOptions()
        options.heightPt = 300
        _ = try Fixtures.job("# عنوان\n\nنص.", options: options).render(to: out)
        let manifest = try Manifest.read(from: out + "/manifest.json")
        #expect(manifest.direction == .rtl)
        #expect(manifest.text == "# عنوان\n\nنص.")
        #expect(manifest.frames.last?.blocks.count == 2)
        #expect(Detector.check(manifest).passed)
    }
}

/// What docs/detectors.md promises ("What passes and what fails"): every bundled example passes `check` with the default options.
@Suite struct BundledExamplesTests {
    static let examples: [String] = {
        func files(_ folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root + "/Examples/" + folder)) ?? []
            return names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".sse") || $0.hasSuffix(".jsonl") || $0.hasSuffix(".json") }
                .map { folder + $0 }
        }
        return (files("") + files("providers/")).sorted()
    }()

    @Test(arguments: examples)
    func passesCheckWithDefaultOptions(_ name: String) throws {
        var options = RenderOptions()
        // Painting and encoding do not change what the manifest says; skipping the encoder saves minutes.
        options.encodesFrames = false
        let job = RenderJob(input: .file(Fixtures.root + "/Examples/" + name), options: options, fontsDirectory: Fixtures.fontsDirectory)
        let report = Detector.check(try job.render { _, _ in })
        let findings = report.detectors.flatMap { $0.findings.map { "frame \($0.frameIndex): \($0.message)" } }
        #expect(report.passed, "\(name): \(findings.prefix(5))")
    }
}

/// A centred or end-aligned line that is being typed stays at its start edge until complete.
@Suite struct GrowingLineTests {
    private func findings(textAlign: TextAlign, holds: Bool) throws -> [Finding] {
        var options = Fixtures.smallOptions()
        options.client.alignment = AlignmentPolicy(textAlign: textAlign, holdsGrowingLineAtStart: holds)
        let manifest = try Fixtures.job(Fixtures.example("ar-lease.md"), options: options).render { _, _ in }
        return Detector.check(manifest).detectors.flatMap(\.findings)
    }

    @Test(arguments: [TextAlign.center, .end])
    func aGrowingLineNeverSlides(_ textAlign: TextAlign) throws {
        #expect(try findings(textAlign: textAlign, holds: true).isEmpty)
        // A client that sets the growing line at the block's alignment slides it; check says so.
        #expect(try findings(textAlign: textAlign, holds: false).contains { $0.kind == .lineSlid })
    }
}
