#ifndef CEXIF_H
#define CEXIF_H
// A small shim over libexif: the one tag the decoders need, from an Exif block in any wrapping.
// libexif reports problems through its log and never exits.
//
// libexif is not linked: opened at the first Exif block (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `cexif_load` opens.
#define CEXIF_LIBRARY "libexif.so.12"

/// Opens libexif if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cexif_load(void);

/// The Orientation tag (1...8) of an Exif block, or 0 when there is none or it is out of range.
///
/// `data` is a JPEG APP1 payload ("Exif\0\0" then TIFF) or a WebP EXIF chunk (usually bare TIFF).
int cexif_orientation(const uint8_t *data, size_t size);

#endif
