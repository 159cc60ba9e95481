import Testing
@testable import Streamshot
@testable import StreamshotModel
import StreamshotGraphics

/// GitHub's alerts: `> [!WARNING]` is a box with its title and a bar in the alert's colour; the
/// title is in the alert's own language, and the marker never decides the box's direction.
@Suite struct AlertTests {
    static let arabic = "> [!WARNING]\n> يسقط حق الفسخ إذا لم يُرسَل الإشعار خلال **٦٠ يوماً**.\n"

    @Test func theMarkerLineBecomesTheTitle() throws {
        let block = try #require(Playback.streamedBlocks(Self.arabic, steps: 5).first)
        #expect(block.containers.first?.alert == .warning)
        #expect(block.content.text == "تحذير\nيسقط حق الفسخ إذا لم يُرسَل الإشعار خلال ٦٠ يوماً.")
        let bytes = Array(block.content.text.utf8)
        #expect(block.content.spans.filter { $0.style.contains(.bold) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) } == ["تحذير", "٦٠ يوماً"])
        let english = try #require(Playback.streamedBlocks("> [!tip]\n> Keep a signed copy.\n", steps: 1).first)
        #expect(english.content.text == "Tip\nKeep a signed copy." && english.containers.first?.alert == .tip)
        #expect(Playback.streamedBlocks("> [!NOPE]\n> text\n", steps: 1).first?.containers.first?.alert == nil)
    }

    @Test(arguments: [("[!WAR", true), ("[!WARNING]", true), ("[!WARNING]\n", true), ("[!WARNING]\nText", false), ("[!NOT A", false), ("Plain", false)])
    func aMarkerWaitsForItsWords(_ text: String, _ pending: Bool) {
        #expect(Alert.isPending(text) == pending)
    }

    /// Streamed, the Arabic alert reads right to left from its first frame, its bar in the warning colour.
    @Test func anArabicAlertReadsRightToLeft() throws {
        let options = TestSupport.smallOptions()
        let (scenes, loop) = try TestSupport.scenes(TestSupport.transcript(Self.arabic), options: options)
        for scene in scenes {
            for block in scene.manifestFrame(file: "").blocks { #expect(block.direction == .rtl, "frame \(scene.index): \(block.direction)") }
        }
        let layout = try #require(loop.placedBlocks.first).layout
        #expect(layout.decorations.contains { if case .alert(.warning) = $0.color { return true } else { return false } })
    }

    /// A body without letters still shows; a marker nested in a list item is not an alert's (found by review).
    @Test func anAlertWithoutLettersShowsAndANestedMarkerStays() throws {
        #expect(Playback.streamedBlocks("> [!NOTE]\n> 42\n", steps: 1).first?.content.text == "Note\n42")
        #expect(Playback.streamedBlocks("> - [!note]\n", steps: 1).first?.content.text == "[!note]")
    }
}

