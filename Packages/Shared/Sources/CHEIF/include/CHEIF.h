#ifndef CHEIF_H
#define CHEIF_H
// A small shim over libheif (HEIC: HEVC pictures in a HEIF container).
//
// libheif reports every failure as a heif_error and never exits; the shim keeps its structs out
// of Swift, reads the container without copying it, and converts the primary image to 8-bit RGBA
// in a buffer Swift owns. libheif applies the container's clean aperture, `irot` and `imir`
// itself while it decodes, so every size the shim reports is the picture upright and the pixels
// come out upright: the caller must not turn them again.
//
// libheif is not linked: opened at the first HEIC (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `cheif_load` opens.
#define CHEIF_LIBRARY "libheif.so.1"

/// Opens libheif if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cheif_load(void);

/// Status of a shim call.
typedef enum {
    CHEIF_OK = 0,
    /// The data is damaged or not a HEIF libheif understands.
    CHEIF_CORRUPT = 1,
    /// A valid HEIF this build cannot decode (no decoder for its codec, a feature libheif lacks).
    CHEIF_UNSUPPORTED = 2,
    /// The data ended before the image did.
    CHEIF_TRUNCATED = 3,
    /// libheif could not get memory.
    CHEIF_NO_MEMORY = 4,
    /// Larger than libheif's own size limit.
    CHEIF_TOO_LARGE = 5
} cheif_status;

/// An opened HEIF: create (parses the container), read the facts, decode, destroy.
typedef struct cheif_decoder cheif_decoder;

/// Parses the container of `data` (which must outlive the decoder) and finds its primary image.
/// Returns NULL only when out of memory; otherwise `*status` says whether it worked, and on
/// failure `cheif_decoder_message` says why.
cheif_decoder *cheif_decoder_create(const uint8_t *data, size_t size, cheif_status *status);
void cheif_decoder_destroy(cheif_decoder *decoder);
/// libheif's words for the last failure.
const char *cheif_decoder_message(const cheif_decoder *decoder);

/// Size of the primary image upright (after its crop and turn), as it will be decoded.
uint32_t cheif_width(const cheif_decoder *decoder);
uint32_t cheif_height(const cheif_decoder *decoder);
/// The number of top-level images (a burst or a sequence of stills); the shim decodes the primary.
uint32_t cheif_image_count(const cheif_decoder *decoder);
/// The embedded ICC profile (NULL when there is none or the colour is described by `nclx`);
/// valid until the decoder is destroyed.
const uint8_t *cheif_icc(const cheif_decoder *decoder, size_t *size);
/// The colour primaries and transfer characteristics (ITU-T H.273 code points) of the `nclx`
/// `colr` box: 1 when the file has one, else 0 (and both are 2, unspecified).
int cheif_cicp(const cheif_decoder *decoder, uint16_t *primaries, uint16_t *transfer);

/// Decodes the primary image upright into RGBA8 rows `stride` bytes apart, `cheif_width` x
/// `cheif_height` (opaque pictures get alpha 255). Colour stored premultiplied by alpha (the
/// container says so) comes out divided by it again, as every other decoder gives it.
cheif_status cheif_decode(cheif_decoder *decoder, uint8_t *dst, size_t stride);

#endif
