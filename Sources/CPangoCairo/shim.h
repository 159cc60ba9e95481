#ifndef STREAMSHOT_CPANGOCAIRO_SHIM_H
#define STREAMSHOT_CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo.h>
#include <hb.h>
#include <hb-ot.h>
#include <cairo-ft.h>
#include <spng.h>
#include <zlib.h>
#include "justify.h"
#include "rows.h"
#include "fonts.h"
#include <stdint.h>
#include <string.h>

/* Cairo's RGB24 pixels (native-endian 0x00RRGGBB words) to packed 8-bit RGB rows.
   In C so the per-pixel loop is fast even in debug builds of the Swift code. */
static inline void streamshot_xrgb_to_rgb(const unsigned char *source, int stride, unsigned char *out,
                                          int width, int height) {
    for (int row = 0; row < height; row++) {
        const uint32_t *pixel = (const uint32_t *)(source + (size_t)row * (size_t)stride);
        unsigned char *dest = out + (size_t)row * (size_t)width * 3;
        for (int column = 0; column < width; column++) {
            uint32_t value = pixel[column];
            dest[0] = (unsigned char)(value >> 16);
            dest[1] = (unsigned char)(value >> 8);
            dest[2] = (unsigned char)value;
            dest += 3;
        }
    }
}

#endif
