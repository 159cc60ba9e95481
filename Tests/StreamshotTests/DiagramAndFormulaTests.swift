import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Formulas and mermaid flowcharts as a frame shows them: where layout set them, what the
/// manifest says, and the pixels.
@Suite struct DiagramAndFormulaTests {
    static let flowchart = "Steps:\n\n```mermaid\nflowchart TD\n  A[קבלת הוותק] -->|כן| B{פחות משנה?}\n  B --> C([הודעה בכתב])\n```\n"

    static func lastScene(_ markdown: String, arguments: String = "", network: NetworkProfile = .instant) throws -> (FrameScene, RenderOptions) {
        var settings = try RenderSettings(arguments: "--device iphone-14 \(arguments)")
        settings.fonts = TestSupport.fontsDirectory
        let options = try settings.renderOptions()
        let scenes = try TestSupport.scenes(TestSupport.transcript(markdown, network: network), options: options).scenes
        return (try #require(scenes.last), options)
    }

    @Test func aClosedFlowchartIsDrawnAsItsNodesWithTheirLabels() throws {
        let (scene, options) = try Self.lastScene(Self.flowchart)
        let block = try #require(scene.manifestFrame(file: "").blocks.first { $0.kind == .code })
        // One line per label (three nodes and the edge's), no line of the mermaid source.
        #expect(block.lines.count == 4)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        try FramePainter(theme: options.theme, scale: options.scale).paint(scene, on: canvas)
        // Each label sits on its node's fill, the code background.
        for line in block.lines {
            let corner = canvas.pixel(x: Int(line.x) - 3, y: Int(line.y + line.height / 2))
            #expect(AlertTests.near(corner, options.theme.codeBackground) || AlertTests.near(corner, options.theme.background), "\(corner)")
        }
    }

    @Test func aClientWithoutDiagramsAndAFenceStillOpenShowTheSource() throws {
        // The SwiftUI prototype draws no Markdown and no diagram: the source, as text.
        let (scene, _) = try Self.lastScene(Self.flowchart, arguments: "--client swiftui")
        #expect(scene.blocks.contains { $0.placed.layout.text.contains("flowchart TD") })
        let open = String(Self.flowchart.dropLast(4))
        var parser = BlockParser()
        parser.update(Array(open.unicodeScalars)[...], ended: false)
        #expect(parser.blocks.last?.isFinished == false, "a fence still open is code, not yet a diagram")
    }

    @Test func theManifestListsEachFormulaWhereItIsDrawn() throws {
        let (scene, options) = try Self.lastScene("الإيجار اليومي $\\frac{R}{30}$ ريال.\n")
        let frame = scene.manifestFrame(file: "")
        let block = try #require(frame.blocks.first)
        let formula = try #require(scene.blocks.first?.placed.layout.placedFormulas.first)
        #expect(formula.source == "$\\frac{R}{30}$")
        // Inside its line, on its baseline, left of the Arabic words that precede it in reading order.
        let line = try #require(block.lines.first)
        #expect(formula.x >= line.x && formula.x + formula.width <= line.x + line.width + 0.5)
        #expect(abs(block.top + formula.baseline - line.baseline) < 0.5)
        #expect(formula.height > 0.9 * options.theme.bodySize * options.scale, "a fraction is taller than a letter")
    }
}
