import Foundation
import Streamshot
import StreamshotReview
import Testing

/// `streamshot matrix`: every cell rendered, checked and shown; a cell is the single render.
@Suite struct MatrixTests {
    static let input = Fixtures.examples.appendingPathComponent("ar-answer.md").path

    static func run(_ matrix: RenderMatrix, base: RenderSettings = RenderSettings(), into name: String) throws -> (MatrixRun.Output, String) {
        let out = Fixtures.temporaryDirectory(name)
        let run = MatrixRun(inputs: [input], matrix: matrix, base: base, fontsDirectory: Fixtures.fontsDirectory, jobs: 2)
        return (try run.write(to: out), out)
    }

    static let small = RenderMatrix(devices: [.iPhoneSE, .pixel7], textSizes: [.large, .accessibility3], scale: 1)

    @Test func aCellIsTheSingleRenderByteForByte() throws {
        let (output, out) = try Self.run(Self.small, into: "cells")
        #expect(output.rows.map(\.cell) == ["iphone-se_large", "iphone-se_AX3", "pixel-7_large", "pixel-7_AX3"])
        let row = try #require(output.rows.last)
        #expect(row.arguments == ["--device", "pixel-7", "--text-size", "AX3"] && row.passed)
        // The same render, asked for as `streamshot render --device pixel-7 --text-size AX3 --scale 1` would.
        var settings = try RenderSettings(arguments: row.arguments + ["--scale", "1"])
        settings.fonts = Fixtures.fontsDirectory
        let single = Fixtures.temporaryDirectory("single")
        let result = try settings.job(input: .file(Self.input)).render(to: single)
        #expect(result.frameCount == row.frames && row.frames > 100)
        let cell = out + "/" + row.folder
        for name in ["manifest.json"] + (0..<row.frames).map({ String(format: "frames/%06d.png", $0) }) {
            #expect(
                FileManager.default.contents(atPath: cell + "/" + name) == FileManager.default.contents(atPath: single + "/" + name),
                "\(name) differs")
        }
        let document = try MatrixDocument.read(from: output.json)
        #expect(document.cells == output.rows && document.passed)
        #expect(document.dimensions == MatrixAxes(device: ["iphone-se", "pixel-7"], textSize: ["large", "AX3"]))
        // The file keeps its shape: each dimension under its option's name, one the matrix does not vary absent.
        let object = try JSONSerialization.jsonObject(with: try document.encoded()) as? [String: Any]
        let dimensions = try #require(object?["dimensions"] as? [String: [String]])
        #expect(dimensions == ["device": ["iphone-se", "pixel-7"], "text-size": ["large", "AX3"]])
        let values = try #require((object?["cells"] as? [[String: Any]])?.first?["values"] as? [String: String])
        #expect(values == ["device": "iphone-se", "text-size": "large"])
    }

    @Test func aCellThatFailsCheckIsNamedAndShownFailing() throws {
        var base = RenderSettings()
        base.linePitch = .fontRelative  // the pitch bug: line-height fails on Arabic
        let (output, _) = try Self.run(RenderMatrix(textSizes: [.large], themes: [.dark], scale: 1), base: base, into: "failing")
        let row = try #require(output.failing.first)
        #expect(row.cell == "large_dark" && row.check.failing == ["line-height"])
        #expect(row.keyMoment.hasPrefix("line-height at"))
        let page = try String(contentsOfFile: output.html, encoding: .utf8)
        #expect(page.contains("1 failing: ar-answer/large_dark") && page.contains("FAIL: line-height"))
    }

    @Test(.enabled(if: ReviewTests.browserAvailable, "Chromium is not installed (apt-get install chromium): the browser test is skipped"))
    func theMatrixPageLoadsEveryThumbnailAndLinkInHeadlessChromium() throws {
        let (output, out) = try Self.run(Self.small, into: "browser")
        let shown = try Self.openInChromium(output.html, screenshot: out + "/matrix-page.png")
        #expect(shown["cells"] as? Int == 4 && shown["images"] as? Int == 8 && shown["links"] as? Int == 4)
        #expect((shown["broken"] as? [String])?.isEmpty == true)
        #expect((shown["unresolved"] as? [String])?.isEmpty == true)
        #expect(shown["columns"] as? [String] == ["iphone-se · large", "iphone-se · AX3", "pixel-7 · large", "pixel-7 · AX3"])
        // The page's checks can fail: a missing report and thumbnail are reported.
        try FileManager.default.removeItem(atPath: out + "/" + output.rows[0].report)
        try FileManager.default.removeItem(atPath: out + "/" + output.rows[1].finalThumbnail)
        let broken = try Self.openInChromium(output.html, screenshot: nil)
        #expect(broken["unresolved"] as? [String] == [output.rows[0].report])
        #expect(broken["broken"] as? [String] == [output.rows[1].finalThumbnail])
    }

    static func openInChromium(_ page: String, screenshot: String?) throws -> [String: Any] {
        let (status, shown) = try Fixtures.runScript("check_matrix.py", [page] + (screenshot.map { [$0] } ?? []))
        #expect(status == 0)
        return shown
    }
}
