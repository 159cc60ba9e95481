import Foundation
import Streamshot
import Testing

@testable import StreamshotAnalysis

/// `contrast`: text and controls against what is behind them, from the frames' pixels.
@Suite struct ContrastTests {
    static let answer =
        "يلتزم المستأجر بدفع الأجرة في موعدها المحدد.\n\n- البند الأول\n- البند الثاني\n\n- [ ] مهمة لم تنجز\n\n> تسري أحكام القانون المدني.\n"

    /// A render of `answer` with its frames written, and the folder.
    private static func render(theme: String = "light") throws -> (manifest: Manifest, folder: String) {
        var settings = try RenderSettings(arguments: "--network instant --theme \(theme)")
        settings.fonts = Fixtures.fontsDirectory
        var options = try settings.renderOptions()
        options.widthPt = 390
        options.heightPt = 500
        options.scale = 1
        let folder = Fixtures.temporaryDirectory("contrast-\(theme)")
        let job = RenderJob(input: .text(answer), options: options, fontsDirectory: Fixtures.fontsDirectory)
        return (try job.render(to: folder).manifest, folder)
    }

    private static func result(_ manifest: Manifest, _ pixels: FramePixelSource?) -> CheckReport.DetectorResult {
        Detector.check(manifest, pixels: pixels).detectors.first { $0.name == "contrast" }!
    }

    /// Pixels as written, with every pixel of `box` that is not the background repainted `grey`:
    /// what a client that draws that piece in a faint grey shows.
    private static func greyed(
        _ folder: String, box: @escaping @Sendable (Frame) -> (Double, Double, Double, Double)?,
        grey: UInt8 = 0xD0
    ) -> FramePixelSource {
        FramePixelSource { frame in
            guard var image = FramePixelSource.directory(folder).pixels(frame) else { return nil }
            guard let (x0, y0, x1, y1) = box(frame) else { return image }
            let background = Array(image.rgba[0..<3])
            for y in max(0, Int(y0))..<min(image.height, Int(y1.rounded(.up))) {
                for x in max(0, Int(x0))..<min(image.width, Int(x1.rounded(.up))) {
                    let index = (y * image.width + x) * 4
                    if Array(image.rgba[index..<(index + 3)]) != background {
                        image.rgba.replaceSubrange(index..<(index + 3), with: [grey, grey, grey])
                    }
                }
            }
            return image
        }
    }

    @Test(arguments: ["light", "dark"])
    func theReferencePassesInBothThemes(_ theme: String) throws {
        let (manifest, folder) = try Self.render(theme: theme)
        let contrast = Self.result(manifest, .directory(folder))
        #expect(contrast.notJudged == nil && contrast.passed, "\(contrast.findings.map(\.message))")
        #expect((contrast.score ?? 0) >= 3)
    }

    /// A bullet drawn in a faint grey (#D0D0D0 on white: 1.5:1) is caught, naming the block.
    @Test func aGreyedMarkerIsCaught() throws {
        let (manifest, folder) = try Self.render()
        let pixels = Self.greyed(folder) { frame in
            guard let block = frame.blocks.first(where: { $0.marker != nil }), let marker = block.marker, let line = block.lines.first else {
                return nil
            }
            return (marker.x, line.y, marker.x + marker.width, line.y + line.height)
        }
        let findings = Self.result(manifest, pixels).findings
        let finding = try #require(findings.first)
        #expect(finding.kind == .lowContrast)
        #expect(finding.message.contains("marker: its bullet #D0D0D0 on #FFFFFF is 1.5"), "\(finding.message)")
        #expect(finding.message.contains("under WCAG AA's 3.0:1 for 17.0 pt bullet"))
    }

    /// A paragraph's first line greyed is caught as text under 4.5:1.
    @Test func greyedTextIsCaught() throws {
        let (manifest, folder) = try Self.render()
        let pixels = Self.greyed(
            folder,
            box: { frame in
                guard let line = frame.blocks.first?.lines.first, let top = line.inkTop, let bottom = line.inkBottom else { return nil }
                return (line.x, top, line.x + line.width, bottom)
            }, grey: 0xB0)
        let finding = try #require(Self.result(manifest, pixels).findings.first)
        #expect(finding.blockId == 0 && finding.message.hasPrefix("block 0 (paragraph) line 0: its text #B0B0B0 on #FFFFFF is 2."))
    }

    /// A table wider than the phone fades its cut column at the window's edge (the hint that it
    /// scrolls): that column is not judged, the others are, and the reference passes.
    @Test func aWideTablesEdgeFadeIsNotJudged() throws {
        var settings = try RenderSettings(arguments: "--network instant --size 390x500 --scale 1")
        settings.fonts = Fixtures.fontsDirectory
        let folder = Fixtures.temporaryDirectory("contrast-table")
        let table =
            "| البند | المبلغ | الموعد | المرجع | ملاحظات |\n|---|---|---|---|---|\n| الإيجار السنوي | ₪25,000 | 2026-01-15 | RDC-2026-0004417 | يُدفع على أربع دفعات متساوية |\n"
        let manifest = try RenderJob(input: .text(table), options: try settings.renderOptions(), fontsDirectory: Fixtures.fontsDirectory)
            .render(to: folder).manifest
        let block = try #require(manifest.frames.last?.blocks.first { $0.kind == .table })
        #expect(block.tableWidth != nil)
        let text = Array(try #require(manifest.blocks.first { $0.id == block.id }).text.unicodeScalars)
        let cut = ContrastJudge.cutCells(block, text: text)
        #expect(!cut.isEmpty && cut.count < (block.cells?.count ?? 0))
        #expect(!cut.contains(0))  // the first column, at the table's start edge, is judged
        let contrast = Self.result(manifest, .directory(folder))
        #expect(contrast.notJudged == nil && contrast.passed, "\(contrast.findings.map(\.message))")
    }

    /// A pale word (a link in a faint colour) beside dark ones: each run of ink is judged on its
    /// own, so the dark words do not hide it.
    @Test func aPaleWordBesideDarkOnesIsCaught() throws {
        let (manifest, folder) = try Self.render()
        let pixels = Self.greyed(
            folder,
            box: { frame in
                guard let line = frame.blocks.first?.lines.first, let top = line.inkTop, let bottom = line.inkBottom else { return nil }
                return (line.x, top, line.x + line.width * 0.3, bottom)
            }, grey: 0xC0)
        let finding = try #require(Self.result(manifest, pixels).findings.first)
        #expect(
            finding.blockId == 0 && finding.message.hasPrefix("block 0 (paragraph) line 0: its text #C0C0C0 on #FFFFFF is 1."), "\(finding.message)")
    }

    /// Without frames there is nothing to sample: not judged, and said so.
    @Test func withoutFramesItIsNotJudged() throws {
        let (manifest, _) = try Self.render()
        let contrast = Self.result(manifest, nil)
        #expect(contrast.passed && contrast.findings.isEmpty && contrast.notJudged?.contains("no frame pixels") == true)
        #expect(CheckReportText.readable(Detector.check(manifest), manifestPath: "m").contains("  --   contrast: not judged (no frame pixels"))
    }

    @Test func luminanceAndRatioAreWCAGs() {
        #expect(abs(ContrastJudge.ratio((0, 0, 0), (255, 255, 255)) - 21) < 0.001)
        #expect(abs(ContrastJudge.ratio((0x76, 0x76, 0x76), (255, 255, 255)) - 4.54) < 0.01)
        #expect(ContrastJudge.ratio((0x80, 0x80, 0x80), (0x80, 0x80, 0x80)) == 1)
    }
}
