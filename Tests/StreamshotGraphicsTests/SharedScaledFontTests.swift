import Foundation
import StreamshotGraphics
import Testing

/// Drawing on several threads, each with fonts of its own that it lets go of as soon as it has
/// drawn (cairo shares its scaled fonts between them), gives what one thread alone draws. The
/// race that once aborted a loaded suite run inside `cairo_scaled_font_destroy` needs a font's
/// last reference to go at one instant; this loop has not caught it (with or without
/// `ScaledFontKeeper`), so it guards the drawing, not that race.
@Suite struct SharedScaledFontTests {
    private static let words = ["تُفسَّر أحكام هذا العقد", "Governing law and venue", "שלום עולם", "٢٠٢٦-٠١-١٥ RDC-2026-0004417"]

    /// One short text drawn with a font library made for it and dropped after.
    private static func drawOnce(_ index: Int) throws -> [UInt8] {
        let fonts = try FontLibrary(directory: GraphicsTests.fontsDirectory)
        let text = words[index % words.count]
        let font = FontSpec(families: "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew", sizePx: Double(14 + index % 3), bold: index % 2 == 0)
        let layout = try TextLayout(
            library: fonts, text: text, font: font, width: 300, direction: index % 2 == 0 ? .rtl : .ltr,
            alignment: .left)
        let canvas = try Canvas(width: 320, height: 40)
        canvas.draw(layout, line: 0, layoutX: 10, baseline: 30, color: Color(hex: 0x000000))
        return canvas.rgbBytes()
    }

    @Test func fontsLetGoInOneThreadWhileAnotherDrawsWithThem() throws {
        let alone = try (0..<Self.words.count * 6).map { try Self.drawOnce($0) }
        let threads = 6
        let rounds = 60
        let mismatches = LockedCount()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                let index = (thread + round) % alone.count
                if (try? Self.drawOnce(index)) != alone[index] { mismatches.add() }
            }
        }
        #expect(mismatches.value == 0, "\(mismatches.value) of \(threads * rounds) drawings differ from one thread's")
    }
}
