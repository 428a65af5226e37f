#ifndef CEXIF_H
#define CEXIF_H
// A small shim over libexif: the one tag the decoders need, from an Exif block in any wrapping.
// libexif reports problems through its log and never exits.
#include <stddef.h>
#include <stdint.h>

/// The Orientation tag (1...8) of an Exif block, or 0 when there is none or it is out of range.
///
/// `data` is a JPEG APP1 payload ("Exif\0\0" then TIFF) or a WebP EXIF chunk (usually bare TIFF).
int cexif_orientation(const uint8_t *data, size_t size);

#endif
