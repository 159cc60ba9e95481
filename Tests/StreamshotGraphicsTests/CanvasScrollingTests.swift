import Testing

@testable import StreamshotGraphics

/// A scrolling canvas moves its picture by whole rows, whichever way and however often, without
/// losing a row still in view, including when its window wraps round the backing rows.
@Suite struct CanvasScrollingTests {
    /// Each page row's own colour.
    static func color(ofPageRow row: Int) -> Color {
        let byte = { (factor: Int) in UInt32(((row * factor) % 256 + 256) % 256) }
        return Color(hex: byte(37) << 16 | byte(11) << 8 | byte(1))
    }

    /// Paints rows `rows` of the frame as page rows from `top`.
    static func paint(_ canvas: Canvas, rows: Range<Int>, pageTop: Int) {
        for row in rows {
            canvas.fillRect(x: 0, y: Double(row), width: Double(canvas.width), height: 1, color: color(ofPageRow: pageTop + row))
        }
    }

    @Test func scrollingKeepsEveryRowStillInViewThroughWraps() throws {
        let canvas = try Canvas(width: 8, height: 30, scrolls: true)
        var pageTop = 0
        Self.paint(canvas, rows: 0..<30, pageTop: 0)
        // Down in steps that wrap the window (backing: 60 rows), up past the start, a jump of a whole screen.
        for step in [7, 7, 7, 7, 13, 29, -5, -17, -29, 3, 30, -40, 1] {
            try canvas.scrollContent(by: step)
            pageTop += step
            // Rows that came into view are painted, as the renderer paints its damage.
            let exposed = step > 0 ? max(0, 30 - step)..<30 : 0..<min(30, -step)
            Self.paint(canvas, rows: exposed, pageTop: pageTop)
            for row in 0..<30 {
                #expect(canvas.pixel(x: 3, y: row) == Self.color(ofPageRow: pageTop + row), "row \(row) after scrolling by \(step)")
            }
        }
    }

    @Test func clippedDrawingTouchesOnlyItsRows() throws {
        let canvas = try Canvas(width: 8, height: 20)
        canvas.fill(Color(hex: 0xFFFFFF))
        canvas.clipped(toRows: [2..<4, 10..<11]) { canvas.fill(Color(hex: 0x000000)) }
        for row in 0..<20 {
            let inside = (2..<4).contains(row) || row == 10
            #expect(canvas.pixel(x: 5, y: row) == Color(hex: inside ? 0x000000 : 0xFFFFFF), "row \(row)")
        }
    }
}
