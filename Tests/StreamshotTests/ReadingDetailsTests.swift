import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Issue 30's smaller faults, each as a reader found it: an English item in an Arabic list took the
/// Arabic pitch; an empty task box stood out at 1.5:1; a table and a checklist set as GitHub does.
@Suite struct ReadingDetailsTests {
    @Test func aListItemTakesThePitchOfItsOwnScript() throws {
        let markdown = "- البند الأول من العقد\n- The second item in English\n- البند الثالث\n"
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: TestSupport.smallOptions())
        let blocks = try #require(scenes.last).manifestFrame(file: "").blocks
        let factors = blocks.map { ($0.linePitch / $0.fontSize * 100).rounded() / 100 }
        #expect(factors == [1.8, 1.45, 1.8])
    }

    /// An empty task box's edge stands out at 3:1 or more (WCAG 1.4.11) in every theme.
    @Test(arguments: [Theme.light, Theme.dark, Theme.light.withIncreasedContrast(), Theme.dark.withIncreasedContrast()].map { ($0.name, $0) })
    func anEmptyTaskBoxStandsOut(_ name: String, _ theme: Theme) {
        #expect(ContrastTests.contrast(theme.color(.accent), theme.background) >= 3, "\(name)")
    }

    @Test func theEmptyTaskBoxIsDrawnInTheGrey() throws {
        let (_, loop) = try TestSupport.scenes(TestSupport.transcript("- [ ] مهمة\n", network: .instant), options: TestSupport.smallOptions())
        let layout = try #require(loop.placedBlocks.first).layout
        #expect(layout.decorations.contains { if case .accent = $0.color { return true } else { return false } })
    }
}
