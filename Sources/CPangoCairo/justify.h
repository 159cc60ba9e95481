#ifndef STREAMSHOT_CPANGOCAIRO_JUSTIFY_H
#define STREAMSHOT_CPANGOCAIRO_JUSTIFY_H

#include <pango/pango.h>

/* Pango 1.50 justifies a wrapped line before it collapses the line's final space when the
   line breaks where one item ends and the next begins (a change of font: italic, bold, code,
   Arabic after Latin): the line is then set one space short of the edge. Pango lets a caller
   edit lines it gets from pango_layout_get_lines (their extents are no longer cached), so the
   missing width is spread over the line's expandable spaces here, in proportion to their
   widths, exactly as Pango's own justify_words does. */

/* The spaces of `line` that justification stretches, as total glyph width; with `extra` > 0,
   adds `extra` to them proportionally. Pango units. */
static inline int streamshot_stretch_spaces(PangoLayoutLine *line, const char *text, const PangoLogAttr *attrs,
                                            int total, int extra, int hinted) {
    int spaces = 0, added = 0;
    for (GSList *node = line->runs; node; node = node->next) {
        PangoGlyphItem *run = node->data;
        PangoGlyphString *glyphs = run->glyphs;
        glong offset = g_utf8_pointer_to_offset(text, text + run->item->offset);
        PangoGlyphItemIter cluster;
        for (gboolean more = pango_glyph_item_iter_init_start(&cluster, run, text); more;
             more = pango_glyph_item_iter_next_cluster(&cluster)) {
            if (!attrs[offset + cluster.start_char].is_expandable_space) continue;
            int step = cluster.start_glyph < cluster.end_glyph ? 1 : -1;
            for (int glyph = cluster.start_glyph; glyph != cluster.end_glyph; glyph += step) {
                int width = glyphs->glyphs[glyph].geometry.width;
                if (width == 0) continue; /* the collapsed final space */
                spaces += width;
                if (extra <= 0) continue;
                int adjustment = (int)(((gint64)spaces * extra) / total) - added;
                if (hinted) adjustment = PANGO_UNITS_ROUND(adjustment);
                glyphs->glyphs[glyph].geometry.width += adjustment;
                added += adjustment;
            }
        }
    }
    return spaces;
}

/* Stretches every wrapped line of a justified layout (all but each paragraph's last) that
   Pango left short of the layout's width. Returns how many lines it stretched. */
static inline int streamshot_complete_justification(PangoLayout *layout) {
    int width = pango_layout_get_width(layout);
    if (width < 0 || !pango_layout_get_justify(layout)) return 0;
    PangoRectangle logical;
    int short_lines = 0;
    for (GSList *node = pango_layout_get_lines_readonly(layout); node && node->next; node = node->next) {
        PangoLayoutLine *next = node->next->data;
        pango_layout_line_get_extents(node->data, NULL, &logical);
        if (!next->is_paragraph_start && logical.width < width) short_lines++;
    }
    if (short_lines == 0) return 0;
    const char *text = pango_layout_get_text(layout);
    gint count = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &count);
    int stretched = 0;
    for (GSList *node = pango_layout_get_lines(layout); node && node->next; node = node->next) {
        PangoLayoutLine *line = node->data, *next = node->next->data;
        if (next->is_paragraph_start) continue;
        pango_layout_line_get_extents(line, NULL, &logical);
        int extra = width - logical.width;
        if (extra <= 0) continue;
        int total = streamshot_stretch_spaces(line, text, attrs, 0, 0, 0);
        if (total == 0) continue;
        streamshot_stretch_spaces(line, text, attrs, total, extra, (extra & (PANGO_SCALE - 1)) == 0);
        stretched++;
    }
    return stretched;
}

#endif
