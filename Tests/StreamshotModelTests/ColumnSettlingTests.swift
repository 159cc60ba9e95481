import StreamshotModel
import Testing

/// How a table's column widths follow its text while it streams, decided by the model alone: an
/// ease from where the widths stood to what is shown, never a jump back to an older measure.
@Suite struct ColumnSettlingTests {
    private func table(_ rows: [[String]], id: Int = 3) -> Block {
        let cells = rows.map { $0.map { StyledText($0) } }
        return Block(id: id, kind: .table, content: StyledText(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")),
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

    @Test func aBrowsersAutomaticLayoutAndOtherBlocksMeasureEverythingEveryFrame() {
        var settling = ColumnSettling()
        #expect(settling.sizing(of: table([["a", "b"]]), rule: .auto, at: 0) == .eachFrame)
        let paragraph = Block(id: 1, kind: .paragraph, content: StyledText("text"), isFinished: false, sourceStart: 0, contentStart: 0)
        #expect(settling.sizing(of: paragraph, rule: .settled, at: 0) == .eachFrame)
    }
}
