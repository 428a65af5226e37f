#ifndef CSIXEL_H
#define CSIXEL_H
// A small shim over libsixel (the encoder behind img2sixel): RGBA pixels in, one DCS sixel
// sequence out, in memory. Nothing is printed; libsixel's status comes back as an int.
#include <stddef.h>
#include <stdint.h>

/// Encodes `width` x `height` RGBA8 pixels (rows top to bottom, no padding; alpha is composited
/// over black) as a sixel sequence with at most `colors` palette entries (2...256).
/// On success returns 0 and sets `*output` to a malloc'ed buffer of `*length` bytes that the
/// caller frees with `csixel_free`; otherwise returns libsixel's non-zero status.
int csixel_encode_rgba(const uint8_t *rgba, int width, int height, int colors,
                       uint8_t **output, size_t *length);

/// Frees a buffer from `csixel_encode_rgba`.
void csixel_free(uint8_t *buffer);

#endif
