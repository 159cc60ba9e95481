import Testing

@testable import Streamshot
@testable import StreamshotModel

/// What the display lists say changed between frames: little while text is typed, the scroll
/// as a shift plus the rows it brings in, nothing for a frame that repeats.
@Suite struct FrameDamageTests {
    static let text = String(repeating: "يلتزم المستأجر بسداد الأجرة في موعدها المحدد، وفي حال التأخر تستحق غرامة.\n\n", count: 12)

    static func lists(_ options: RenderOptions) throws -> [DisplayList] {
        let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text), options: options)
        return scenes.map { DisplayList($0, chrome: nil, height: options.heightPx) }
    }

    @Test func typingDamagesTheGrowingLinesAndScrollingShifts() throws {
        let options = TestSupport.smallOptions()
        let lists = try Self.lists(options)
        let height = options.heightPx
        #expect(FrameDamage.between(nil, lists[0], height: height) == .full(height: height))
        var (typing, scrolled, repeated) = (0, 0, 0)
        for (old, new) in zip(lists, lists.dropFirst()) {
            let damage = FrameDamage.between(old, new, height: height)
            let damagedRows = damage.rows.map(\.count).reduce(0, +)
            let shift = Int(new.scroll - old.scroll)
            #expect(damage.shift == shift)
            if shift == 0 {
                if damage.rows.isEmpty { repeated += 1 } else { typing += 1 }
                // A typing frame repaints the streaming block (a paragraph), never the page.
                #expect(damagedRows <= height / 3, "\(damage.rows)")
            } else {
                scrolled += 1
                // The rows the scroll brings in are among those painted.
                let exposed = shift > 0 ? (height - shift)..<height : 0..<(-shift)
                #expect(damage.rows.contains { $0.lowerBound <= exposed.lowerBound && $0.upperBound >= exposed.upperBound })
            }
        }
        #expect(typing > 20 && scrolled > 5 && repeated > 0, "typing \(typing), scrolled \(scrolled), repeated \(repeated)")
    }

    @Test func entriesThatSwapTheirOrderAreDamaged() throws {
        let lists = try Self.lists(TestSupport.smallOptions())
        let last = try #require(lists.last)
        #expect(last.entries.count >= 2)
        let swapped = DisplayList(entries: [last.entries[1], last.entries[0]] + last.entries.dropFirst(2), scroll: last.scroll)
        let damage = FrameDamage.between(last, swapped, height: 600)
        // One of the two is painted again wholly, after the other: where they meet, the new order shows.
        let covered = { (rows: Range<Int>) in damage.rows.contains { $0.lowerBound <= rows.lowerBound && $0.upperBound >= rows.upperBound } }
        #expect(covered(last.entries[0].rows) || covered(last.entries[1].rows))
    }
}
