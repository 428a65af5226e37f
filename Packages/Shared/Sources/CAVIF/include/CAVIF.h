#ifndef CAVIF_H
#define CAVIF_H
// A small shim over libavif.
//
// libavif reports every failure as an avifResult and never exits; the shim keeps its structs out
// of Swift, sets the limits before parsing (so libavif itself refuses an oversized image or an
// endless sequence) and converts to 8-bit RGBA into a buffer Swift owns.
//
// libavif is not linked: it is opened at the first AVIF (see CCodecLoader.h), so a process that
// never meets one never maps it, nor the AV1 codecs it needs.
#include <stddef.h>
#include <stdint.h>

/// The library `cavif_load` opens.
#define CAVIF_LIBRARY "libavif.so.15"

/// Opens libavif if it is not open yet. Returns NULL when it is ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cavif_load(void);

/// Status of a shim call.
typedef enum {
    CAVIF_OK = 0,
    /// The data is damaged or not an AVIF libavif understands.
    CAVIF_CORRUPT = 1,
    /// A valid AVIF this build cannot decode (no AV1 decoder, an odd bit depth...).
    CAVIF_UNSUPPORTED = 2,
    /// The data ended before the image did.
    CAVIF_TRUNCATED = 3,
    /// libavif could not get memory.
    CAVIF_NO_MEMORY = 4,
    /// Larger than the limits given to `cavif_decoder_create`.
    CAVIF_TOO_LARGE = 5
} cavif_status;

/// An opened AVIF: create (parses the container), read the facts, decode frames, destroy.
typedef struct cavif_decoder cavif_decoder;

/// Parses the container of `data` (which must outlive the decoder) under the given limits.
cavif_decoder *cavif_decoder_create(const uint8_t *data, size_t size, uint32_t pixel_limit,
                                    uint32_t frame_limit, cavif_status *status);
void cavif_decoder_destroy(cavif_decoder *decoder);
/// libavif's words for the last failure.
const char *cavif_decoder_message(const cavif_decoder *decoder);

/// Size as stored, before irot/imir.
uint32_t cavif_width(const cavif_decoder *decoder);
uint32_t cavif_height(const cavif_decoder *decoder);
uint32_t cavif_frame_count(const cavif_decoder *decoder);
/// irot: quarter turns anticlockwise (0...3); -1 when the file has none.
int cavif_rotation(const cavif_decoder *decoder);
/// imir: 0 top and bottom exchanged, 1 left and right; -1 when the file has none.
int cavif_mirror(const cavif_decoder *decoder);
/// The embedded ICC profile (NULL when there is none); valid until the decoder is destroyed.
const uint8_t *cavif_icc(const cavif_decoder *decoder, size_t *size);
/// The colour primaries and transfer characteristics (ITU-T H.273 code points) of the `nclx` box,
/// or of the AV1 stream when the file has none (2, unspecified, when neither says).
void cavif_cicp(const cavif_decoder *decoder, uint16_t *primaries, uint16_t *transfer);

/// Decodes the next frame into RGBA8 rows `stride` bytes apart (`cavif_width` x `cavif_height`);
/// `duration_ms` says how long it shows.
cavif_status cavif_next_frame(cavif_decoder *decoder, uint8_t *dst, size_t stride, double *duration_ms);

/// Encodes RGBA rows (`stride` bytes apart) as a 4:2:0 AVIF at AV1 quantizer `quantizer` (0 best ...
/// 63) and encoder `speed` (0 slowest ... 10); `opaque` drops the alpha channel. On success `*out`
/// is a malloc'd buffer of `*out_size` bytes the caller frees with `cavif_free`.
cavif_status cavif_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               int quantizer, int speed, int opaque, uint8_t **out, size_t *out_size);
void cavif_free(void *buffer);

#endif
