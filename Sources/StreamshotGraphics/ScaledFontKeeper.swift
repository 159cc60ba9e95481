import CPangoCairo
import Foundation

/// Every cairo scaled font any render has drawn with, each held by one reference for the life of
/// the process, so none is ever destroyed. Cairo 1.16 (Debian 12's) shares a scaled font between
/// renders whose fonts match, however separate their font maps, and its destroy asserts on a
/// race: the last reference goes in one thread while another thread takes the font back from
/// cairo's font map and freezes its glyph cache to draw, and the process aborts
/// (`cairo_scaled_font_destroy: Assertion '! scaled_font->cache_frozen' failed`, seen once in a
/// loaded suite run). A font that is never released cannot be destroyed. What is kept is one
/// font per face, size and transform a render has used; the glyphs they cache are bounded by
/// cairo's global glyph cache.
enum ScaledFontKeeper {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: Set<OpaquePointer> = []

    /// Holds `font` for good, if it is not held already.
    static func keep(_ font: OpaquePointer) {
        lock.withLock {
            if kept.insert(font).inserted { cairo_scaled_font_reference(font) }
        }
    }
}
