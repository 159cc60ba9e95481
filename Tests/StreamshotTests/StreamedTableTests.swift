import Testing

@testable import Streamshot
@testable import StreamshotModel

/// A streamed table holds still for the reader: a row is shown once the columns have opened for
/// it, so no column moves on the frame a row appears (they glide before it, while the rows the
/// reader has already read stay on their lines), and nothing shown after the table is pushed
/// down by a row that was waiting. On a phone, a small phone at AX3 and a tablet, over 3g.
@Suite struct StreamedTableTests {
    static let persian = """
        خلاصه تعهدات طرفین در جدول زیر آمده است:

        | طرف | تعهد | مهلت |
        |---|---|---|
        | موجر | تحویل | ۱ مهر |
        | مستأجر | پرداخت اجاره ماهانه | پنجم هر ماه |
        | موجر | تعمیرات اساسی ساختمان و تأسیسات | ظرف ده روز از اطلاع |
        | مستأجر | بیمه | سالانه |

        پایان جدول.

        """

    private static func frames(device: String, markdown: String = persian) throws -> [Frame] {
        var settings = try RenderSettings(arguments: "--device \(device) --network 3g --seed 2")
        settings.fonts = TestSupport.fontsDirectory
        let options = try settings.renderOptions()
        return try TestSupport.scenes(TestSupport.transcript(markdown, network: .threeG, seed: 2), options: options).scenes
            .map { $0.manifestFrame(file: "") }
    }

    /// The frames on which a row arrived whose columns differ from the frame before's.
    private static func rowsArrivingWithMotion(_ frames: [Frame]) -> (arrivals: Int, moved: [Int]) {
        var arrivals = 0
        var moved: [Int] = []
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            guard let table = frame.blocks.first(where: { $0.kind == .table }),
                let before = previous.blocks.first(where: { $0.id == table.id })
            else { continue }
            let rows = { (block: Frame.Block) in Set((block.cells ?? []).map(\.row)).count }
            guard rows(table) > rows(before) else { continue }
            arrivals += 1
            if columns(table) != columns(before) { moved.append(frame.index) }
        }
        return (arrivals, moved)
    }

    private static func columns(_ table: Frame.Block) -> [Int: [Double]] {
        var edges: [Int: [Double]] = [:]
        for cell in table.cells ?? [] where edges[cell.column] == nil { edges[cell.column] = [cell.x, cell.width] }
        return edges
    }

    @Test(arguments: ["iphone-14", "iphone-se --text-size AX3", "ipad-11"])
    func aRowAppearsOnlyOnceItsColumnsHaveOpened(_ device: String) throws {
        let (arrivals, moved) = Self.rowsArrivingWithMotion(try Self.frames(device: device))
        #expect(moved.isEmpty, "\(device): rows arrived with their columns moving on frames \(moved)")
        #expect(arrivals == 4, "\(device): \(arrivals) rows arrived after the header")
    }

    /// A table whose every cell fit on one line until a held row: the columns give up that room
    /// while the row waits, not on the frame it appears (the bundled obligations table on an
    /// iPad: its seventh row once narrowed a column by 15 pt at once).
    @Test func aRowThatEndsTheOneLineFitNarrowsTheColumnsBeforeItAppears() throws {
        let markdown = try String(contentsOf: TestSupport.examples.appendingPathComponent("en-obligations.md"), encoding: .utf8)
        let (arrivals, moved) = Self.rowsArrivingWithMotion(try Self.frames(device: "ipad-11", markdown: markdown))
        #expect(arrivals >= 10, "\(arrivals) rows arrived")
        #expect(moved.isEmpty, "rows arrived with their columns moving on frames \(moved)")
    }

    @Test(arguments: ["iphone-14", "iphone-se --text-size AX3", "ipad-11"])
    func nothingAfterTheTableIsPushedDownByARowThatWaited(_ device: String) throws {
        let frames = try Self.frames(device: device)
        var tops: [Double] = []
        for frame in frames {
            guard let table = frame.blocks.firstIndex(where: { $0.kind == .table }), table + 1 < frame.blocks.count else { continue }
            // In the answer's own frame: the view's scroll taken out.
            tops.append(frame.blocks[table + 1].top + frame.scroll)
        }
        #expect(!tops.isEmpty, "\(device): the paragraph after the table was never shown")
        #expect(Set(tops).count == 1, "\(device): the paragraph after the table moved: \(Set(tops).sorted())")
    }
}
