import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// GitHub's alerts: `> [!WARNING]` is a box with its title and a bar in the alert's colour; the
/// title is in the app's language, and the marker never decides the box's direction.
@Suite struct AlertTests {
    static let arabic = "> [!WARNING]\n> يسقط حق الفسخ إذا لم يُرسَل الإشعار خلال **٦٠ يوماً**.\n"

    @Test func theMarkerLineBecomesTheTitle() throws {
        let block = try #require(Playback.streamedBlocks(Self.arabic, steps: 5, appLanguage: .arabic).first)
        #expect(block.containers.first?.alert == .warning)
        #expect(block.content.text == Alert.iconRoom + "تحذير\nيسقط حق الفسخ إذا لم يُرسَل الإشعار خلال ٦٠ يوماً.")
        let bytes = Array(block.content.text.utf8)
        #expect(
            block.content.spans.filter { $0.style.contains(.bold) }.map { String(decoding: bytes[$0.bytes], as: UTF8.self) } == ["تحذير", "٦٠ يوماً"])
        let english = try #require(Playback.streamedBlocks("> [!tip]\n> Keep a signed copy.\n", steps: 1).first)
        #expect(english.content.text == Alert.iconRoom + "Tip\nKeep a signed copy." && english.containers.first?.alert == .tip)
        #expect(Playback.streamedBlocks("> [!NOPE]\n> text\n", steps: 1).first?.containers.first?.alert == nil)
    }

    @Test(arguments: [
        ("[!WAR", true), ("[!WARNING]", true), ("[!WARNING]\n", true), ("[!WARNING]\nText", false), ("[!NOT A", false), ("Plain", false)
    ])
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

    /// GitHub's alert title: its icon on the title's start side (right in Arabic, left in
    /// English), one em square on the first line, and the title's letters in the alert's colour,
    /// the body's in the text colour.
    @Test(arguments: [(arabic, WritingDirection.rtl), ("> [!WARNING]\n> Late fees accrue weekly.\n", .ltr)])
    func theTitleHasItsIconAtItsStartAndTheAlertsColour(_ text: String, _ direction: WritingDirection) throws {
        let options = TestSupport.smallOptions()
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text, network: .instant), options: options)
        let last = try #require(scenes.last)
        let block = try #require(last.blocks.first)
        let layout = block.placed.layout
        let icon = try #require(layout.decorations.first { if case .alertIcon(.warning) = $0.shape { return true } else { return false } })
        let piece = try #require(layout.pieces.first)
        let line = try #require(piece.layout.lines.first)
        let (lineLeft, lineRight) = (piece.x + line.x, piece.x + line.x + line.width)
        #expect(icon.width == layout.fontSize && icon.height == icon.width && icon.y >= 0 && icon.y + icon.height <= piece.pitch)
        #expect(
            direction == .rtl ? abs(icon.x + icon.width - lineRight) < 0.5 : abs(icon.x - lineLeft) < 0.5, "\(icon.x) in \(lineLeft)...\(lineRight)")
        #expect(layout.text.hasPrefix(Alert.iconRoom))

        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        try FramePainter(theme: options.theme, scale: options.scale).paint(last, on: canvas)
        let warning = options.theme.alerts.color(.warning)
        let lines = last.manifestFrame(file: "").blocks[0].lines
        func warningPixels(_ line: Frame.Line) -> Int {
            var count = 0
            for x in Int(line.x)..<Int(line.x + line.width) {
                for y in Int(line.y)..<Int(line.y + line.height) where Self.near(canvas.pixel(x: x, y: y), warning) { count += 1 }
            }
            return count
        }
        #expect(warningPixels(lines[0]) > 60, "the title and its icon in the warning colour")
        #expect(warningPixels(lines[1]) == 0, "the body in the text colour")
    }

    static func near(_ a: Color, _ b: Color) -> Bool {
        abs(a.red - b.red) < 0.06 && abs(a.green - b.green) < 0.06 && abs(a.blue - b.blue) < 0.06
    }

    /// A body without letters still shows; a marker nested in a list item is not an alert's (found by review).
    @Test func anAlertWithoutLettersShowsAndANestedMarkerStays() throws {
        #expect(Playback.streamedBlocks("> [!NOTE]\n> 42\n", steps: 1).first?.content.text == Alert.iconRoom + "Note\n42")
        #expect(Playback.streamedBlocks("> - [!note]\n", steps: 1).first?.content.text == "[!note]")
    }

    /// The first block's title after each revealed character of `text`, streamed in an app
    /// speaking `language`.
    static func shownTitles(_ text: String, in language: AppLanguage) -> [String] {
        var arrived = ArrivedText()
        arrived.append(text)
        var document = RevealedDocument()
        document.reading.alertTitles = language
        var titles: [String] = []
        for revealed in 1...arrived.count {
            if revealed == arrived.count { arrived.ended = true }
            document.parse(arrived, revealed: revealed, allShown: revealed == arrived.count, timer: nil)
            _ = document.changes(streaming: revealed < arrived.count)
            if let first = document.blocks.first?.content.text, !first.isEmpty {
                titles.append(String(first.prefix { $0 != "\n" }.dropFirst(Alert.iconRoom.count)))
            }
        }
        return titles
    }

    /// The title is the app's words from the first frame it shows to the last, whatever the
    /// alert's language: an Urdu warning in an Urdu app reads «انتباہ» (never the Persian «هشدار»
    /// nor the Arabic «تحذير» first), a Persian one in a Persian app «هشدار», in an English app
    /// "Warning", as GitHub titles every alert.
    @Test(arguments: [(AppLanguage.urdu, "انتباہ"), (.persian, "هشدار"), (.arabic, "تحذير"), (.hebrew, "אזהרה"), (.english, "Warning")])
    func theTitleIsTheAppsAndNeverChanges(_ language: AppLanguage, _ title: String) throws {
        for text in ["> [!WARNING]\n> کرایہ ہر ماہ کی پانچ تاریخ تک ادا کیا جائے۔\n", "> [!WARNING]\n> در مورد مبلغ اجاره، این بند تغییر نمی‌کند.\n"] {
            let titles = Self.shownTitles(text, in: language)
            #expect(!titles.isEmpty && Set(titles) == [title], "\(language): \(Set(titles))")
        }
    }

    /// The app's language reaches the title through the render: `--app-language` and a trace's `appLanguage`.
    @Test func theRendersAppLanguageTitlesItsAlerts() throws {
        var settings = try RenderSettings(arguments: "--app-language ur")
        settings.fonts = TestSupport.fontsDirectory
        let manifest = try settings.job(input: .text("> [!NOTE]\n> یہ شق اہم ہے۔\n")).render { _, _ in }
        #expect(manifest.blocks.first?.text.hasPrefix(Alert.iconRoom + "نوٹ") == true)
        #expect(manifest.options.appLanguage == .urdu && manifest.options.layoutDirection == .rtl)
    }
}
