#ifndef STREAMSHOT_JPEG_H
#define STREAMSHOT_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG into `pixels`: `width * height` pixels of 4 bytes each, rows `width * 4` bytes
/// apart, in cairo's ARGB32 order on this machine, opaque (B, G, R, 255 on a little-endian one).
/// Grayscale and YCbCr pictures are converted; CMYK ones are refused. A stream cut short is
/// decoded as far as it goes, as a browser draws it.
/// With `pixels` NULL, only reads the header: its `width` and `height`, to size `pixels` by.
/// Returns 0, or -1 with libjpeg's message (or ours) in `error`, NUL-terminated.
int streamshot_jpeg_decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, uint32_t *width,
                           uint32_t *height, char *error, size_t error_size);

#endif
