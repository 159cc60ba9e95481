import CPangoCairo

/// Pango marks a glyph it drew as a hex box (no font had the character) with this bit, the
/// character's code point in the bits below. The C macro is a cast Swift does not import.
private let unknownGlyphFlag: PangoGlyph = 0x1000_0000

extension TextLayout {
    /// The characters no font in the library covers, so they are drawn as hex boxes: each once,
    /// in the order of the text.
    ///
    /// Cheap when every character has a glyph (the usual case): Pango counts unknown glyphs as it
    /// lays out, and only a layout with some has its glyphs walked.
    public var missingCharacters: [Unicode.Scalar] {
        // Every line points back at its layout; the layout itself is private to TextLayout.swift.
        guard let pangoLayout = pangoLine(at: 0)?.pointee.layout,
            pango_layout_get_unknown_glyphs_count(pangoLayout) > 0
        else { return [] }
        var found: [(byte: Int, scalar: Unicode.Scalar)] = []
        for index in lines.indices {
            var run = pangoLine(at: index)?.pointee.runs
            while let node = run {
                if let glyphItem = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee {
                    found += Self.unknownGlyphs(in: glyphItem)
                }
                run = node.pointee.next
            }
        }
        // Runs come in visual order; the text's order (by byte) is the one that reads the same in any direction.
        var seen = Set<Unicode.Scalar>()
        return found.sorted { $0.byte < $1.byte }.map(\.scalar).filter { seen.insert($0).inserted }
    }

    private static func unknownGlyphs(in glyphItem: PangoGlyphItem) -> [(byte: Int, scalar: Unicode.Scalar)] {
        guard let item = glyphItem.item?.pointee, let glyphs = glyphItem.glyphs?.pointee else { return [] }
        var result: [(byte: Int, scalar: Unicode.Scalar)] = []
        for index in 0..<Int(glyphs.num_glyphs) {
            let glyph = glyphs.glyphs[index].glyph
            guard glyph & unknownGlyphFlag != 0, let scalar = Unicode.Scalar(glyph & ~unknownGlyphFlag) else { continue }
            result.append((Int(item.offset) + Int(glyphs.log_clusters[index]), scalar))
        }
        return result
    }
}
