import Foundation
import StreamshotCMark
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Mixed-direction answers as a careful RTL-aware client shows them: each rule asserted from the
/// manifest of a real render (or, where the manifest cannot say it, from Pango or the pixels).
@Suite struct MixedDirectionTests {
    /// The final frame of `markdown` rendered instantly, and its painted canvas.
    private func finalFrame(_ markdown: String, options: RenderOptions = TestSupport.smallOptions())
        throws -> (frame: FrameScene, canvas: Canvas, manifest: Frame)
    {
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: options)
        let last = try #require(scenes.last)
        let canvas = try Canvas(width: options.widthPx, height: options.heightPx)
        try FramePainter(theme: options.theme, scale: options.scale).paint(last, on: canvas)
        return (last, canvas, last.manifestFrame(file: "final.png"))
    }

    /// Each item's marker stands on its own side — its first block's direction, as `dir=auto` on
    /// the item — beside its words: the English item's bullet on the left, its text just right of
    /// it; the Arabic items' on the right, their markers ending on one edge.
    @Test func listMarkersStandBesideTheirItemsWords() throws {
        let (_, _, frame) = try finalFrame("1. مدة العقد اثنا عشر شهراً.\n2. The tenant may terminate early.\n3. يُدفع التأمين خلال ٧ أيام.\n")
        let items = frame.blocks.filter { $0.marker != nil }
        #expect(items.count == 3)
        #expect(items.map(\.direction) == [.rtl, .ltr, .rtl])
        #expect(items.map { $0.marker?.side } == [.right, .left, .right])
        let arabic = [items[0], items[2]]
        #expect(Set(arabic.compactMap { $0.marker.map { ($0.x + $0.width).rounded() } }).count == 1, "the Arabic markers end on one edge")
        // The English item's text starts right of its marker, within a few points of it.
        let english = items[1]
        let markerEnd = english.marker!.x + english.marker!.width
        #expect(english.lines.allSatisfy { $0.x >= markerEnd && $0.x - markerEnd < 40 }, "\(english.lines.map(\.x)) after \(markerEnd)")
    }

    /// An English quote inside an Arabic answer puts its bar on the answer's side.
    @Test func aQuoteTakesTheResponsesSide() throws {
        let (scene, _, _) = try finalFrame("يلتزم المستأجر بدفع الإيجار في موعده.\n\n> Note: this clause follows the English original.\n")
        let quote = try #require(scene.blocks.last?.placed.layout)
        let bar = try #require(quote.decorations.first)
        #expect(bar.x > Double(TestSupport.smallOptions().widthPx) / 2, "the bar is on the right")
        #expect(quote.direction == .ltr)
    }

    /// Columns run in the table's direction; each cell reads in its own.
    @Test func tableCellsHaveTheirOwnDirection() throws {
        let table = "| البند | Term | المدة |\n|---|---|---|\n| الإشعار | Notice period | 60 days (written) |\n"
        let (_, _, frame) = try finalFrame(table)
        let cells = try #require(frame.blocks.first?.cells)
        #expect(cells.count == 6)
        #expect(cells.map(\.direction) == [.rtl, .ltr, .rtl, .rtl, .ltr, .ltr])
        // The first column is the rightmost.
        #expect(cells[0].x > cells[1].x && cells[1].x > cells[2].x)
        // Arabic and Latin cells of a row stand on one baseline.
        let block = try #require(frame.blocks.first)
        for row in 0..<2 {
            let baselines = cells.filter { $0.row == row }.compactMap { cell in
                block.lines.first { $0.y >= cell.y && $0.x >= cell.x && $0.x + $0.width <= cell.x + cell.width }?.baseline
            }
            #expect(baselines.count == 3)
            #expect(Set(baselines.map { ($0 * 100).rounded() }).count == 1, "row \(row) baselines \(baselines)")
        }
    }

    /// An RTL table mirrors its columns' alignment with its columns: `:--` is the start (right),
    /// `--:` the end (left); a cell with no delimiter alignment starts at its own direction's start.
    @Test func anRTLTableMirrorsItsColumnAlignments() throws {
        let table = "| البند | المهلة | Term |\n|:--|--:|---|\n| الإشعار | 60 يومًا | Notice |\n"
        let (_, _, frame) = try finalFrame(table)
        let block = try #require(frame.blocks.first)
        let cells = try #require(block.cells)
        // `:--` and `--:` name the start and end edges; the unaligned column sits at the table's
        // start (the right), its English cells too.
        #expect(cells.map(\.align) == [.right, .left, .right, .right, .left, .right])
        // Each cell's ink hugs the side it is aligned to.
        for cell in cells {
            let line = try #require(block.lines.first { $0.y >= cell.y && $0.x >= cell.x && $0.x + $0.width <= cell.x + cell.width })
            let gap = cell.align == .right ? cell.x + cell.width - (line.x + line.width) : line.x - cell.x
            #expect(gap < 12, "cell \(cell.row),\(cell.column) sits \(gap) px from its \(cell.align!) edge")
        }
    }

    /// Inline code inside Arabic is one left-to-right unit: the argument stays after `-m`.
    @Test func inlineCodeIsAnLTRIsolate() throws {
        let fonts = try TestSupport.makeFonts()
        let content = InlineRenderer.render(
            try #require(MarkdownParserFixture.inlines("لحفظ التعديل نفّذ `git commit -m \"تعديل البند\"` ثم أرسل الرابط.")))
        let styled = BlockLayouter(fonts: fonts, theme: .light, scale: 1, frameWidth: 2000).layoutText(content)
        let layout = try TextLayout(
            library: fonts, text: styled.text, font: FontSpec(families: BlockLayouter.rtlFamilies, sizePx: 17),
            width: 2000, direction: .rtl, alignment: .right, spans: styled.spans)
        let bytes = Array(styled.text.utf8)
        func x(of needle: String) -> Double {
            let pattern = Array(needle.utf8)
            let start = (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }!
            // Inside the needle, where the caret is between two of its own characters.
            return layout.caret(atByte: start + 1).x
        }
        #expect(x(of: "git") < x(of: "-m"))
        #expect(x(of: "-m") < x(of: "\"تعديل"), "the argument reads after -m, to its right")
        // The block's own text is unchanged: the isolate marks are for Pango only.
        #expect(!content.text.unicodeScalars.contains(BidiIsolation.leftToRightIsolate))
    }

    /// Code never wraps and keeps the code theme's pitch, even with an Arabic comment; what runs
    /// past the box is cut off at its edge.
    @Test func codeNeverWrapsAndKeepsItsPitch() throws {
        let code =
            "```python\n# حساب الغرامة الأسبوعية\ndef late_fee(amount, weeks): return round(amount * 0.01 * weeks, 2)  # نسبة ١٪ أسبوعياً\n```\n"
        let options = TestSupport.smallOptions()
        let (scene, _, frame) = try finalFrame(code, options: options)
        let block = try #require(frame.blocks.first)
        #expect(block.lines.count == 2)
        #expect(abs(block.linePitch - PitchPolicy().lineHeight * 14 * options.scale) < 0.01)
        let right = Double(options.widthPx) - 16 * options.scale
        #expect(block.lines.allSatisfy { $0.x + $0.width <= right })
        #expect(scene.blocks[0].placed.layout.decorations.contains { $0.isFade })
    }

    /// Links are drawn in the theme's link colour.
    @Test func linksAreColoured() throws {
        let (_, canvas, frame) = try finalFrame("See [the lease act](https://example.org/act) today.\n")
        let line = try #require(frame.blocks.first?.lines.first)
        var blue = 0
        for x in Int(line.x)..<Int(line.x + line.width) {
            for y in Int(line.y)..<Int(line.y + line.height) {
                let pixel = canvas.pixel(x: x, y: y)
                if pixel.blue > 0.6, pixel.red < 0.3 { blue += 1 }
            }
        }
        #expect(blue > 30, "\(blue) link-blue pixels")
    }

    /// A fading block fades its colour emoji and links with it (they carry their own colours).
    @Test func colouredRunsFadeWithTheirBlock() throws {
        let fonts = try TestSupport.makeFonts()
        let layout = try TextLayout(
            library: fonts, text: "Signed 🤝", font: FontSpec(families: BlockLayouter.ltrFamilies, sizePx: 40),
            width: 400, direction: .ltr, alignment: .left)
        #expect(layout.hasOwnColors)
        func strongestColour(opacity: Double) throws -> Double {
            let canvas = try Canvas(width: 400, height: 80)
            canvas.fill(Color(hex: 0xFFFFFF))
            canvas.draw(layout, line: 0, layoutX: 0, baseline: 55, color: Color(hex: 0x000000).fading(opacity))
            var most = 0.0
            for x in 0..<400 {
                for y in 0..<80 {
                    let pixel = canvas.pixel(x: x, y: y)
                    most = max(most, max(pixel.red, pixel.green, pixel.blue) - min(pixel.red, pixel.green, pixel.blue))
                }
            }
            return most
        }
        #expect(try strongestColour(opacity: 0.3) < 0.5 * strongestColour(opacity: 1))
    }

    /// A block's pitch is decided from what has arrived before it is shown and never changes:
    /// Arabic arriving later in an English paragraph moves no baseline.
    @Test func aShownBlocksBaselinesNeverMove() throws {
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("The clause on renewal reads, in the original, ")),
            StreamEvent(timeMs: 1500, kind: .delta("يتجدد العقد تلقائيًا ما لم يخطر أحد الطرفين الآخر.")),
            StreamEvent(timeMs: 1500, kind: .done)
        ])
        let (scenes, _) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        var first: (pitch: Double, baseline: Double)?
        for scene in scenes {
            guard let block = scene.manifestFrame(file: "").blocks.first, let line = block.lines.first else { continue }
            if let first {
                #expect(block.linePitch == first.pitch && line.baseline == first.baseline, "frame \(scene.index)")
            } else {
                first = (block.linePitch, line.baseline)
            }
        }
        // Arabic already arrived when the block is first shown: the Arabic pitch from the start.
        let early = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta("The clause reads يتجدد العقد تلقائيًا.")), StreamEvent(timeMs: 0, kind: .done)
        ])
        let (earlyScenes, _) = try TestSupport.scenes(early, options: TestSupport.smallOptions())
        let pitches = Set(earlyScenes.compactMap { $0.manifestFrame(file: "").blocks.first?.linePitch })
        #expect(pitches == [1.8 * 17])
    }

    /// A heading has clearly more room above it than between its own lines: a two-line Arabic
    /// heading at the 1.8x pitch reads as one heading.
    @Test func aHeadingHasMoreRoomAboveThanBetweenItsLines() throws {
        let markdown = "يلتزم المستأجر بدفع الإيجار.\n\n# البند الثاني: مدة العقد وتجديده التلقائي وشروط الإشعار المسبق\n\nنص البند."
        func gaps(headingSpacing: Double) throws -> (above: Double, within: Double) {
            var options = TestSupport.smallOptions()
            options.theme.headingSpacing = headingSpacing
            let (_, _, frame) = try finalFrame(markdown, options: options)
            let (paragraph, heading) = (frame.blocks[0], frame.blocks[1])
            #expect(heading.lines.count == 2)
            // One line's ink: the block's ink less the pitch its second line adds.
            let lineInk = heading.inkBottom - heading.inkTop - heading.linePitch
            return (heading.inkTop - paragraph.inkBottom, heading.linePitch - lineInk)
        }
        let spaced = try gaps(headingSpacing: Theme.light.headingSpacing)
        #expect(spaced.above > spaced.within * 2, "above \(spaced.above), between lines \(spaced.within)")
        // With only the paragraph spacing above it, the heading's second line looks like a new heading.
        let cramped = try gaps(headingSpacing: Theme.light.blockSpacing)
        #expect(cramped.above < cramped.within * 2)
    }

    /// On a tablet the text column stays at the reading width, centred.
    @Test func aTabletKeepsAReadingWidth() throws {
        var options = TestSupport.smallOptions()
        options.widthPt = 820
        let (_, _, frame) = try finalFrame(TestSupport.example("en-answer.md"), options: options)
        let lines = frame.blocks.flatMap(\.lines)
        let left = (820 - options.theme.maxReadingWidth) / 2
        #expect(lines.allSatisfy { $0.x >= left - 0.5 && $0.x + $0.width <= 820 - left + 0.5 })
        #expect(lines.contains { $0.x < left + 1 })
    }

    /// The caret stands beside the last visible glyph, never over it and never out past a
    /// trailing space: within the text box, or, when that glyph ends a full line, just outside it
    /// (by its gap and width), so a number ending an Arabic line keeps its first digit in view.
    @Test(arguments: [
        String(repeating: "يلتزم المستأجر بدفع الإيجار في موعده ", count: 6),
        String(repeating: "يلتزم المستأجر بدفع مبلغ ۱۸٬۵۰۰٬۰۰۰ ", count: 6)
    ])
    func theCaretStandsBesideTheLastGlyph(_ text: String) throws {
        let options = TestSupport.smallOptions()
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text), options: options)
        let margin = options.theme.margin * options.scale
        let width = 2 * options.scale
        let beside = 1.5 * options.scale + width  // the caret's gap and width
        let scalars = Array(text.unicodeScalars)
        for scene in scenes {
            let frame = scene.manifestFrame(file: "")
            guard let caret = frame.caret else { continue }
            #expect(
                caret.x >= margin - beside - 0.01 && caret.x + width <= Double(options.widthPx) - margin + beside,
                "frame \(scene.index): caret at \(caret.x)")
            // Ending in a letter or digit, the last line's box is its ink's: the caret (in RTL) is left of it all.
            guard frame.revealedChars > 0, !scalars[frame.revealedChars - 1].properties.isWhitespace,
                let line = frame.blocks.last?.lines.last
            else { continue }
            #expect(caret.x + width <= line.x + 0.5, "frame \(scene.index): the caret at \(caret.x) covers the line starting at \(line.x)")
        }
    }

    /// An Arabic line filled to its edge by a number: the caret stands just outside the text
    /// box, left of the number's first digit, not over it (it was held inside the box).
    @Test func theCaretNeverCoversTheFirstDigitOfAFullLine() throws {
        let options = TestSupport.smallOptions()
        let fonts = try TestSupport.makeFonts()
        let layouter = BlockLayouter(options: options, fonts: fonts)
        let size = options.theme.bodySize * options.scale
        let font = layouter.font(direction: .rtl, size: size, bold: false)
        let layout = try TextLayout(library: fonts, text: "بدفع مبلغ ۱۸٬۵۰۰٬۰۰۰", font: font, width: nil, direction: .rtl, alignment: .right)
        let line = try #require(layout.lines.first)
        let box = Box(x: 100, width: line.width)  // the line fills its box exactly
        let piece = layouter.piece(layout, x: box.x - line.x, top: 0, pitch: size * 1.8, font: font, color: .text, isContent: true)
        let caret = layouter.caret(in: piece, size: size, direction: .rtl, box: box)
        #expect(caret.x + caret.width <= box.x + 0.01, "caret at \(caret.x)...\(caret.x + caret.width), the number from \(box.x)")
    }

    /// Hidden bidi controls are revealed and not applied by default, and each one is a warning
    /// with its offset; `apply` lets them reorder the text, still with the warnings.
    @Test func bidiControlsAreShownAndWarned() throws {
        let text = "Pay \u{202E}0001\u{202C} USD on signing."
        let renderer = try Renderer(fontsDirectory: TestSupport.fontsDirectory)
        var options = TestSupport.smallOptions()
        options.heightPt = 120
        var pixels: [BidiControlDisplay: [UInt8]] = [:]
        for display in BidiControlDisplay.allCases {
            options.bidiControls = display
            var last: [UInt8] = []
            let manifest = try renderer.render(TestSupport.transcript(text, network: .instant), options: options) { _, png in last = png }
            pixels[display] = last
            let warnings = manifest.warnings.filter { $0.kind == .bidiControl }
            #expect(warnings.map(\.offset) == [4, 9])
            #expect(warnings.first?.message.contains("U+202E RIGHT-TO-LEFT OVERRIDE") == true)
        }
        #expect(pixels[.show] != pixels[.apply])
        let revealed = BidiControls.revealed(StyledText(text))
        #expect(revealed.text == "Pay RLO0001PDF USD on signing.")
        #expect(revealed.spans.map(\.bytes) == [4..<7, 11..<14])
    }
}

/// Inline Markdown parsed by cmark-gfm, for tests that need a paragraph's inline nodes.
enum MarkdownParserFixture {
    static func inlines(_ markdown: String) -> [MarkdownNode]? {
        (try? MarkdownParser.parse(markdown))?.children.first?.children
    }
}

/// How a failed or interrupted Arabic stream tells the reader: in the app's language, from its
/// side, whatever the answer's.
@Suite struct FailureNoticeTests {
    private func scenes(_ events: [StreamEvent], app: AppLanguage? = nil) throws -> [FrameScene] {
        var options = TestSupport.smallOptions()
        options.client.appLanguage = app
        return try TestSupport.scenes(Transcript(events: events), options: options).scenes
    }

    /// Under the text; in an Arabic app, Arabic from the right; in an app that names no
    /// language, English from the left.
    @Test(arguments: [
        (AppLanguage?.some(.arabic), "انقطعت الإجابة: upstream timeout", WritingDirection.rtl),
        (nil, "The answer was interrupted: upstream timeout", .ltr)
    ])
    func anErrorAfterTextLeavesANoticeUnderItInTheAppsLanguage(_ app: AppLanguage?, _ words: String, _ direction: WritingDirection) throws {
        let scenes = try scenes(
            [
                StreamEvent(timeMs: 0, kind: .delta("يلتزم المستأجر بدفع الإيجار في موعده المحدد في العقد، ويحق للمؤجر ")),
                StreamEvent(timeMs: 400, kind: .error("upstream timeout"))
            ], app: app)
        let last = try #require(scenes.last)
        let blocks = last.blocks.map(\.placed.layout)
        #expect(blocks.count == 2)
        let notice = try #require(blocks.last)
        #expect(notice.kind == .notice)
        #expect(notice.direction == direction)
        #expect(notice.text == words)
        // Under the text.
        #expect(last.blocks[1].placed.top > last.blocks[0].placed.top)
    }

    @Test func anErrorBeforeAnyTextSaysSo() throws {
        let empty = try scenes([StreamEvent(timeMs: 0, kind: .delta("")), StreamEvent(timeMs: 100, kind: .error("rate limited"))])
        #expect(empty.last?.blocks.last?.placed.layout.text == "Error: rate limited")
    }

    /// The pill sits in the bottom inset and no line of text ever enters its band, even while
    /// the view is still easing down to newly revealed lines.
    @Test func theReconnectingPillNeverCoversTheStreamingLine() throws {
        var options = TestSupport.smallOptions()
        options.heightPt = 200
        let long = String(repeating: "يلتزم المستأجر بدفع الإيجار في موعده المحدد في العقد، ", count: 12)
        let transcript = Transcript(events: [
            StreamEvent(timeMs: 0, kind: .delta(long)),
            StreamEvent(timeMs: 200, kind: .reconnect("connection reset")),
            StreamEvent(timeMs: 4000, kind: .delta("ويحق للمؤجر فسخ العقد.")),
            StreamEvent(timeMs: 4000, kind: .done)
        ])
        let scenes = try TestSupport.scenes(transcript, options: options).scenes
        let bandTop = Double(options.heightPx) - (options.theme.bottomInset + options.theme.pillHeight) / 2 * options.scale
        let reconnecting = scenes.filter(\.overlays.reconnecting)
        #expect(reconnecting.count > 10)
        for scene in reconnecting {
            for block in scene.manifestFrame(file: "").blocks {
                #expect(block.inkBottom <= bandTop + 0.5, "frame \(scene.index): ink at \(block.inkBottom), the pill from \(bandTop)")
            }
        }
    }

    /// The pill is the app's words from the first frame to the last: an Arabic app's over an
    /// English answer, Urdu in an Urdu app.
    @Test(arguments: [AppLanguage.arabic, .urdu])
    func theReconnectingPillSpeaksTheAppsLanguage(_ app: AppLanguage) throws {
        let scenes = try scenes(
            [
                StreamEvent(timeMs: 0, kind: .delta("The tenant shall pay the rent on the agreed date, and the landlord may ")),
                StreamEvent(timeMs: 300, kind: .reconnect("connection reset")),
                StreamEvent(timeMs: 1500, kind: .delta("end the lease.")),
                StreamEvent(timeMs: 1500, kind: .done)
            ], app: app)
        let reconnecting = scenes.filter(\.overlays.reconnecting)
        #expect(!reconnecting.isEmpty)
        #expect(scenes.allSatisfy { $0.overlays.language == app })
        #expect(AppLanguage.arabic.reconnecting == "جارٍ إعادة الاتصال…")
    }
}

/// Colours a reader must be able to read: WCAG AA (4.5:1) against the page in both themes.
@Suite struct ContrastTests {
    /// WCAG 2 contrast ratio of two opaque colours.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        func luminance(_ color: Color) -> Double {
            func channel(_ value: Double) -> Double { value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (light, dark) = (max(luminance(a), luminance(b)), min(luminance(a), luminance(b)))
        return (light + 0.05) / (dark + 0.05)
    }

    @Test(arguments: [Theme.light, Theme.dark])
    func listMarkersAreReadable(theme: Theme) throws {
        var options = TestSupport.smallOptions()
        options.theme = theme
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript("1. مدة العقد.\n2. التأمين.\n", network: .instant), options: options)
        let item = try #require(scenes.last?.blocks.first?.placed.layout)
        let marker = try #require(item.pieces.first { !$0.isContent })
        let ratio = Self.contrast(theme.color(marker.color), theme.background)
        #expect(ratio >= 4.5, "\(theme.name): list markers at \(ratio):1")
    }

    /// Labels on pills and buttons, and the typing caption, read at AA in both themes.
    @Test(arguments: [Theme.light, Theme.dark])
    func overlayLabelsAreReadable(theme: Theme) {
        for (name, text, fill) in [
            ("pill", theme.pillText, theme.pill), ("button", theme.pillText, theme.actionButton),
            ("caption", theme.secondaryText, theme.background)
        ] {
            let ratio = Self.contrast(text, fill)
            #expect(ratio >= 4.5, "\(theme.name): \(name) at \(ratio):1")
        }
    }
}
