#ifndef STREAMSHOT_CPANGOCAIRO_FONTS_H
#define STREAMSHOT_CPANGOCAIRO_FONTS_H

#include <pango/pangocairo.h>

/* Calls `visit` with the cairo scaled font of each run of `layout` (a run after one in the same
   font is skipped). Renders keep every scaled font they draw with alive (ScaledFontKeeper): cairo
   1.16 shares a scaled font between font maps, and when its last reference goes in one thread
   while another thread takes it back from cairo's font map and draws with it,
   cairo_scaled_font_destroy asserts (`! scaled_font->cache_frozen`) and aborts the process. */
typedef void (*streamshot_scaled_font_visitor)(cairo_scaled_font_t *font, void *context);

static inline void streamshot_visit_scaled_fonts(PangoLayout *layout, streamshot_scaled_font_visitor visit, void *context) {
    cairo_scaled_font_t *last = NULL;
    for (GSList *lines = pango_layout_get_lines_readonly(layout); lines != NULL; lines = lines->next) {
        PangoLayoutLine *line = lines->data;
        for (GSList *runs = line->runs; runs != NULL; runs = runs->next) {
            PangoGlyphItem *run = runs->data;
            PangoFont *font = run->item->analysis.font;
            if (font == NULL || !PANGO_IS_CAIRO_FONT(font)) continue;
            cairo_scaled_font_t *scaled = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
            if (scaled == NULL || scaled == last) continue;
            last = scaled;
            visit(scaled, context);
        }
    }
}

#endif
