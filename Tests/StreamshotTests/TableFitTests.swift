import Foundation
import StreamshotGraphics
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Tables that fit a phone: columns sized by their content, so a cell never breaks inside a
/// word, number or id, on every device preset at large, AX3 and AX5; a table wider than the
/// column scrolls sideways, shown from its start edge with a fade where it continues.
@Suite struct TableFitTests {
    static let arabic = """
        جدول الالتزامات:

        | البند | المبلغ | الموعد | المرجع | ملاحظات |
        |---|---|---|---|---|
        | الإيجار السنوي | ₪25,000 | 2026-01-15 | RDC-2026-0004417 | يُدفع على أربع دفعات متساوية |
        | الوديعة | ₪12,500 | 2026-02-01 | RDC-2026-0004418 | قابلة للاسترداد |
        | Governing law | Dubai | 2026-03-01 | 0004419 | English text in an Arabic table |

        """
    static let english = """
        Summary of obligations:

        | # | Clause | Amount | Deadline |
        |---|---|--:|---|
        | 1 | Governing law | ₪25,000 | 2026-01-15 |
        | 2 | Termination for convenience with ninety days notice | ₪1,200 | 2026-02-01 |

        """

    /// The final frame's table, laid out as `arguments` set the render.
    private func finalTable(_ markdown: String, _ arguments: String) throws -> (table: LaidOutBlock, options: RenderOptions) {
        var settings = try RenderSettings(arguments: arguments)
        settings.fonts = TestSupport.fontsDirectory
        let options = try settings.renderOptions()
        let (_, loop) = try TestSupport.scenes(TestSupport.transcript(markdown, network: .instant), options: options)
        let table = try #require(loop.placedBlocks.first { $0.layout.kind == .table }).layout
        return (table, options)
    }

    /// Where a cell's line may end, by this test's own rule: at a space, or just after a hyphen
    /// or slash (as browsers break "long-term"), or inside a token wider than the widest a column
    /// may be (`cap`: the text column less the cell's sides). Anything else split a token.
    private static func breaksInsideAToken(_ layout: TextLayout, cap: Double, fonts: FontLibrary, font: FontSpec) throws -> String? {
        let scalars = Array(layout.text.unicodeScalars)
        let bytes = Array(layout.text.utf8)
        for line in layout.lines.dropFirst() where line.startByte > 0 && line.startByte < bytes.count {
            let at = String(decoding: bytes[..<line.startByte], as: UTF8.self).unicodeScalars.count
            let (before, after) = (scalars[at - 1], scalars[at])
            if before.properties.isWhitespace || after.properties.isWhitespace || ["-", "/", "\u{2010}"].contains(before) { continue }
            var start = at
            while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
            var end = at
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            let token = String(String.UnicodeScalarView(scalars[start..<end]))
            let width =
                try TextLayout(library: fonts, text: token, font: font, width: nil, direction: .ltr, alignment: .left).lines.map(\.width).max() ?? 0
            if width <= cap { return "\(layout.text) breaks between \(before) and \(after) (\(token) is \(Int(width)) px, the cap \(Int(cap)))" }
        }
        return nil
    }

    /// These tables and the bundled answers' (the first table of each).
    static let answers = [arabic, english] + ["ar-answer.md", "ar-mixed-stress.md", "en-answer.md", "fa-github-extras.md"].map(TestSupport.example)

    @Test(arguments: DevicePreset.all.map(\.name), ["large", "AX3", "AX5"])
    func noCellBreaksInsideAToken(device: String, textSize: String) throws {
        for markdown in Self.answers {
            let (table, options) = try finalTable(markdown, "--device \(device) --text-size \(textSize)")
            let fonts = try TestSupport.makeFonts()
            let layouter = BlockLayouter(options: options, fonts: fonts)
            let cap = layouter.contentWidth - 2 * TableLayouter(base: layouter).sidePad
            // The widest face a cell uses: the bold header's.
            let font = layouter.font(direction: .ltr, size: table.fontSize, bold: true)
            for piece in table.pieces where piece.isContent {
                let problem = try Self.breaksInsideAToken(piece.layout, cap: cap, fonts: fonts, font: font)
                #expect(problem == nil, "\(device) \(textSize): \(problem ?? "")")
            }
        }
    }

    /// On a phone the Arabic table is wider than the column: it starts at the right edge, is cut
    /// at the left with a fade there, and the manifest gives its whole width.
    @Test func aWideRTLTableScrollsFromItsStartEdge() throws {
        let (table, options) = try finalTable(Self.arabic, "--device iphone-se")
        let frame = table.manifestBlock(opacity: 1, dy: 0)
        let width = try #require(frame.tableWidth)
        let layouter = BlockLayouter(options: options, fonts: try TestSupport.makeFonts())
        #expect(width > layouter.contentWidth)
        let cells = try #require(frame.cells)
        // The first column's right edge is the column's right edge; the last runs past the left.
        let first = try #require(cells.first { $0.row == 0 && $0.column == 0 })
        #expect(abs(first.x + first.width - (layouter.margin + layouter.contentWidth)) < 0.5)
        #expect(cells.contains { $0.x < layouter.margin })
        #expect(table.decorations.contains { $0.isFade && $0.x <= layouter.margin + 0.5 })
        // Every drawn line is cut at the column's edges.
        for line in frame.lines { #expect(line.x >= layouter.margin - 0.5 && line.x + line.width <= layouter.margin + layouter.contentWidth + 0.5) }
    }

    /// A table that fits is as wide as its content, at its start edge, with no fade; a number
    /// column is as narrow as its numbers.
    @Test func aNarrowTableTakesItsContentsWidth() throws {
        let (table, options) = try finalTable(Self.english, "--device ipad-11")
        let frame = table.manifestBlock(opacity: 1, dy: 0)
        let layouter = BlockLayouter(options: options, fonts: try TestSupport.makeFonts())
        #expect(frame.tableWidth == nil)
        #expect(!table.decorations.contains { $0.isFade })
        let cells = try #require(frame.cells)
        let numberColumn = try #require(cells.first { $0.row == 0 && $0.column == 0 })
        let clauseColumn = try #require(cells.first { $0.row == 0 && $0.column == 1 })
        #expect(numberColumn.x == layouter.margin && numberColumn.width < clauseColumn.width / 3)
    }

    /// The wide table's record on the last frame of `transcript` rendered with `actions`.
    private func lastTable(_ transcript: Transcript, _ actions: [ReaderAction]) throws -> Frame.Block {
        var settings = try RenderSettings(arguments: "--device iphone-se")
        settings.fonts = TestSupport.fontsDirectory
        var options = try settings.renderOptions()
        options.interactions = actions
        let scenes = try TestSupport.scenes(transcript, options: options).scenes
        return try #require(scenes.last?.manifestFrame(file: "").blocks.first { $0.kind == .table })
    }

    private func drags(_ points: [Double]) -> [ReaderAction] {
        points.enumerated().map { ReaderAction(timeMs: 3000 + Double($0.offset) * 500, kind: .scrollTable(byPt: $0.element)) }
    }

    /// A reader drags a wide table sideways (`scroll-table`): its end comes into view (in RTL the
    /// cells move right), as far as its end and no further, and back to its start; the manifest
    /// gives the window shown.
    @Test func aReaderScrollsAWideTableSideways() throws {
        let transcript = TestSupport.transcript(Self.arabic, network: .instant)
        let start = try lastTable(transcript, [])
        let width = try #require(start.tableWidth)
        #expect(start.tableScroll == nil)
        let scale = 2.0  // iphone-se
        let dragged = try lastTable(transcript, drags([100]))
        #expect(dragged.tableScroll == 100 * scale)
        // The same cells on both frames (each lists the columns in its window) moved right by the drag.
        let before = Dictionary((start.cells ?? []).map { ("\($0.row),\($0.column)", $0.x) }, uniquingKeysWith: { a, _ in a })
        let moved = (dragged.cells ?? []).compactMap { cell in before["\(cell.row),\(cell.column)"].map { cell.x - $0 } }
        #expect(!moved.isEmpty && moved.allSatisfy { $0 == 100 * scale }, "RTL: the cells move right: \(moved)")
        let column = start.lines.map { $0.x + $0.width }.max() ?? 0  // the text column's right edge, about
        let pastTheEnd = try lastTable(transcript, drags([100, 5000]))
        let room = try #require(pastTheEnd.tableScroll)
        #expect(room < width && room > width - column, "stops at the table's end: \(room) of \(width)")
        #expect(try lastTable(transcript, drags([100, -400])).tableScroll == nil, "back to the start edge, no further")
    }

    /// A team's client trace says the reader dragged its table: the table is drawn scrolled so.
    @Test func aTracesReaderRecordScrollsTheTable() throws {
        let lines = [
            #"{"t": 0, "type": "start", "version": 1, "platform": "ios", "layoutDirection": "rtl", "viewport": {"width": 320, "height": 568, "scale": 2}, "fontSize": 17}"#,
            #"{"t": 100, "type": "show", "append": \#(Self.jsonString(Self.arabic))}"#,
            #"{"t": 1000, "type": "reader", "action": "scroll-table", "by": 120}"#,
            #"{"t": 1500, "type": "end", "kind": "done"}"#
        ]
        let transcript = try ClientTraceReader.transcript(bytes: Array(lines.joined(separator: "\n").utf8))
        let table = try lastTable(transcript, [])
        #expect(table.tableScroll == 240, "120 pt at 2x")
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
