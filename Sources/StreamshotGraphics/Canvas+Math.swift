import CPangoCairo
public import StreamshotMath

extension Canvas {
    /// Draws a typeset formula with its origin (the left end of its baseline) at (`x`, `baseline`).
    public func draw(_ box: MathBox, font: MathFont, x: Double, baseline: Double, color: Color) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setSource(color)
        var glyphsBySize: [Double: [cairo_glyph_t]] = [:]
        var sizes: [Double] = []
        for item in box.items {
            switch item {
            case .glyph(let glyph, let gx, let gy, let size):
                if glyphsBySize[size] == nil { sizes.append(size) }
                glyphsBySize[size, default: []].append(cairo_glyph_t(index: UInt(glyph), x: x + gx, y: baseline + gy))
            case .rule(let rx, let ry, let width, let height):
                cairo_rectangle(cr, x + rx, baseline + ry, width, height)
                cairo_fill(cr)
            case .text(let run, let tx, let ty):
                guard let words = run as? MathWords else { continue }
                cairo_move_to(cr, x + tx + (words.layout.lines.first?.x ?? 0), baseline + ty)
                if let line = words.layout.pangoLine(at: 0) { GlyphWork.serially { pango_cairo_show_layout_line(cr, line) } }
            }
        }
        // Glyphs are drawn size by size, in the order sizes first appear: the same bytes every time.
        for size in sizes {
            guard let glyphs = glyphsBySize[size], let font = try? font.scaledFont(size: size) else { continue }
            GlyphWork.serially {
                cairo_set_scaled_font(cr, font)
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            }
        }
    }
}
