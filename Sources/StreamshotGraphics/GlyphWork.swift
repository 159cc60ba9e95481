import Foundation

/// One process-wide lock around every call that can reach cairo's scaled fonts and their glyphs:
/// laying text out (Pango measures glyphs through cairo), drawing it, reading a font's metrics,
/// and letting go of layouts and font maps (which can destroy scaled fonts).
///
/// Why a lock of ours: cairo 1.16 (Debian 12's) keeps glyphs in pages of 32 in one process-wide
/// cache of at most 512 pages. Past that, a thread thawing its font's glyph cache holds the cache's
/// mutex and evicts a page of *another* font, blocking on that font's mutex, while a thread drawing
/// with that font holds it and waits for the cache's: two renders deadlock for good (a loaded suite
/// run hung there; `streamshot-fuzz glyph-pages 2 4 parallel` reproduces it in seconds without
/// this lock, and `GlyphPageFloodTests` runs the same flood with it). Later cairo
/// takes the evicted font's mutex with a try-lock; 1.16 cannot be fixed from outside any finer than
/// this. With one thread in cairo's font code at a time, its mutexes never wait on each other.
/// Everything else — the client model, layout decisions, rectangles, PNG encoding — stays parallel.
///
/// Recursive, so that a call made under it which takes it again (a query inside a drawing) cannot
/// deadlock on itself.
package enum GlyphWork {
    private static let lock = NSRecursiveLock()

    /// Off only to measure what the lock costs (`streamshot-bench`'s side-by-side run) and to
    /// show the deadlock it prevents (`streamshot-fuzz glyph-pages … parallel`); never in a render.
    nonisolated(unsafe) package static var isSerialized = true

    /// Runs `body` with no other thread inside cairo's font code.
    package static func serially<T>(_ body: () throws -> T) rethrows -> T {
        guard isSerialized else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
