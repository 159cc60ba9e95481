import StreamshotModel
import Testing

/// How a table's column widths follow its text while it streams, decided by the model alone: an
/// ease from where the widths stood to what is shown, never a jump back to an older measure.
@Suite struct ColumnSettlingTests {
    private func table(_ rows: [[String]], id: Int = 3) -> Block {
        let cells = rows.map { $0.map { StyledText($0) } }
        return Block(
            id: id, kind: .table, content: StyledText(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")),
            rows: cells, isFinished: false, sourceStart: 0, contentStart: 0)
    }

    @Test func widthsEaseToWhatIsShownAndAMidEaseChangeBlendsFromWhereTheyStood() {
        var settling = ColumnSettling()
        let header = table([["Party", "Deadline"]])
        let first = settling.sizing(of: header, rule: .settled, at: 0)
        #expect(first.parts == [TableSizing.Part(scalars: 13, weight: 1)], "a table first shown is measured as it is")
        let grown = table([["Party", "Deadline"], ["Tenant", "2026-01-05"]])
        let start = settling.sizing(of: grown, rule: .settled, at: 100)
        #expect(start.parts.map(\.scalars) == [13], "the frame it grows on still stands where it stood")
        let midway = settling.sizing(of: grown, rule: .settled, at: 150)
        #expect(midway.parts.map(\.scalars) == [13, 29])
        #expect(abs(midway.parts.reduce(0) { $0 + $1.weight } - 1) < 1e-9)
        #expect(settling.easing(at: 150) == [3])
        // More text mid-ease: the blend so far is where the new ease starts (no part is dropped at once).
        let more = table([["Party", "Deadline"], ["Tenant", "2026-01-05"], ["Landlord", "30 days"]])
        let restarted = settling.sizing(of: more, rule: .settled, at: 160)
        #expect(restarted.parts.map(\.scalars) == [13, 29], "the blend at 160 ms, before the new part weighs anything")
        let later = settling.sizing(of: more, rule: .settled, at: 260)
        #expect(later.parts.map(\.scalars) == [13, 29, 44])
        let settled = settling.sizing(of: more, rule: .settled, at: 400)
        #expect(settled.parts == [TableSizing.Part(scalars: 44, weight: 1)])
        #expect(settling.easing(at: 400).isEmpty)
    }

    @Test func aRowThatArrivesWaitsUntilTheColumnsHaveOpenedForIt() {
        var settling = ColumnSettling()
        #expect(settling.sizing(of: table([["Party", "Deadline"]]), rule: .settled, at: 0).shownRows == nil, "a table first seen shows its rows")
        let grown = table([["Party", "Deadline"], ["Tenant", "2026-01-05"]])
        #expect(settling.sizing(of: grown, rule: .settled, at: 100).shownRows == 1, "the new row waits while the columns open")
        #expect(settling.holdsRows(at: 150))
        #expect(settling.sizing(of: grown, rule: .settled, at: 299).shownRows == 1)
        #expect(settling.easing(at: 300) == [3], "the frame the row is due on lays the table out again")
        let due = settling.sizing(of: grown, rule: .settled, at: 300)
        #expect(due.shownRows == nil)
        #expect(due.parts == [TableSizing.Part(scalars: 29, weight: 1)], "it is shown at the widths that measure it, arrived")
        #expect(!settling.holdsRows(at: 300))
        #expect(settling.easing(at: 300).isEmpty)
    }

    @Test func nothingAfterAHeldRowIsShownBeforeIt() {
        let text = Array("Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter the table.".unicodeScalars)
        let delimiterEnd = Array("Intro\n\n| a | b |\n|---|---|\n".unicodeScalars).count
        let rowEnd = delimiterEnd + Array("| 1 | 2 |\n".unicodeScalars).count
        var settling = ColumnSettling()
        #expect(settling.shownLimit(from: 0, toward: text.count, in: text, at: 0) == text.count, "no table seen yet: nothing stops")
        _ = settling.sizing(of: table([["a", "b"]]), rule: .settled, at: 0)
        #expect(settling.shownLimit(from: delimiterEnd, toward: text.count, in: text, at: 16) == rowEnd, "up to the row's end, no further")
        _ = settling.sizing(of: table([["a", "b"], ["1", "2"]]), rule: .settled, at: 16)
        #expect(settling.shownLimit(from: rowEnd, toward: text.count, in: text, at: 100) == rowEnd, "while the row is held, nothing more")
        _ = settling.sizing(of: table([["a", "b"], ["1", "2"]]), rule: .settled, at: 216)
        #expect(settling.shownLimit(from: rowEnd, toward: text.count, in: text, at: 216) == text.count)
    }

    @Test func aTableRowEndsOnlyUnderADelimiterRow() {
        func end(_ text: String) -> Int? {
            let scalars = Array(text.unicodeScalars)
            return StreamingSource.firstTableRowEnd(in: scalars, from: 0, to: scalars.count)
        }
        #expect(end("a | b\nc | d\n") == nil, "pipes in prose")
        #expect(end("| a |\n|---|\n") == 12, "the delimiter row ends the header's line")
        #expect(end("> | a |\n> |---|\n") == 16, "in a quote")
        #expect(end("| a |\n|---|\n| 1 |") == 12, "a row still being typed has not ended")
    }

    @Test func aBrowsersAutomaticLayoutAndOtherBlocksMeasureEverythingEveryFrame() {
        var settling = ColumnSettling()
        #expect(settling.sizing(of: table([["a", "b"]]), rule: .auto, at: 0) == .eachFrame)
        let paragraph = Block(id: 1, kind: .paragraph, content: StyledText("text"), isFinished: false, sourceStart: 0, contentStart: 0)
        #expect(settling.sizing(of: paragraph, rule: .settled, at: 0) == .eachFrame)
    }
}
