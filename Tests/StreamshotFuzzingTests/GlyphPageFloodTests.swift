import Foundation
import StreamshotFuzzing
import Testing

/// Cairo 1.16's process-wide glyph cache holds 512 pages; past that, a thread evicting another
/// font's page while a thread draws with that font deadlocked two renders for good (a loaded suite
/// run hung there). Four threads fill the cache about four times over while drawing, and must all
/// finish. Without `GlyphWork`'s lock the same flood hung 4 runs of 5 (`streamshot-fuzz
/// glyph-pages 2 4 parallel`); a hang here would leave threads stuck inside cairo's locks, so it
/// ends the process, saying why, rather than leaving every later test to hang behind it.
@Suite struct GlyphPageFloodTests {
    @Test func drawingWhileTheGlyphCacheOverflowsNeverDeadlocks() throws {
        let fonts = FuzzTests.root.appendingPathComponent("Fonts").path
        let figures = try GlyphPageFlood(fonts: fonts, threads: 4).run(passes: 1)
        if figures.deadlocked { fatalError("\(figures)") }
        #expect(figures.pagesAtLeast > 3 * 512, "the flood must overflow cairo's cache: \(figures)")
        #expect(figures.drawings == 4 * GlyphPageFlood.drawingsPerPass, "\(figures)")
    }
}
