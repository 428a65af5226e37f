#ifndef CWEBP_H
#define CWEBP_H
// A small shim over libwebp and its demux library.
//
// libwebp reports every failure as a status code and never exits, so the shim only gathers what
// Swift needs into plain structs: the container's facts (canvas, frames, the EXIF and ICC
// chunks) and decoding straight into a buffer Swift owns, scaled by libwebp where asked.
//
// libwebp and libwebpdemux are not linked: opened at the first WebP (see CCodecLoader.h), so a
// process that never meets one never maps them.
#include <stddef.h>
#include <stdint.h>

/// The library `cwebp_load` opens.
#define CWEBP_LIBRARY "libwebp.so.7"

/// The second library `cwebp_load` opens: the demuxer (containers, animations).
#define CWEBP_DEMUX_LIBRARY "libwebpdemux.so.2"

/// Opens libwebp and libwebpdemux if they are not open yet. Returns NULL when ready, or why they
/// could not be opened (the text stays valid for the life of the process). The other functions need
/// them ready.
const char *cwebp_load(void);

/// Status of a shim call.
typedef enum {
    CWEBP_OK = 0,
    /// The data is damaged or not a WebP libwebp understands.
    CWEBP_CORRUPT = 1,
    /// A valid WebP that uses a feature libwebp refuses.
    CWEBP_UNSUPPORTED = 2,
    /// The data ended before the image did.
    CWEBP_TRUNCATED = 3,
    /// libwebp could not get memory.
    CWEBP_NO_MEMORY = 4
} cwebp_status;

/// What the container says, read without decoding pixels.
typedef struct {
    /// The canvas: every frame is composed onto a picture of this size.
    uint32_t width;
    uint32_t height;
    uint32_t frame_count;
    /// 0 means forever.
    uint32_t loop_count;
    int has_alpha;
    int is_animated;
    /// Pointers into the caller's data (NULL when the chunk is absent).
    const uint8_t *exif;
    size_t exif_size;
    const uint8_t *icc;
    size_t icc_size;
} cwebp_info;

/// Reads the container. `data` must outlive every pointer the info holds.
cwebp_status cwebp_read_info(const uint8_t *data, size_t size, cwebp_info *info);

/// Decodes a still WebP into RGBA rows `stride` bytes apart, scaled by libwebp to `width` x `height`
/// (the image's own size for no scaling).
cwebp_status cwebp_decode_still(const uint8_t *data, size_t size, uint8_t *dst, size_t stride,
                                uint32_t width, uint32_t height);

/// Decodes the `crop_width` x `crop_height` pixels of a still WebP from (`crop_x`, `crop_y`), scaled
/// by libwebp to `width` x `height`, into RGBA rows `stride` bytes apart: libwebp's cropped
/// decoding, so the rest of the picture is never made into pixels. A lossy picture crops from an
/// even position: `crop_x` and `crop_y` must be even. A crop of zero width or height is the whole picture.
cwebp_status cwebp_decode_region(const uint8_t *data, size_t size, uint8_t *dst, size_t stride,
                                 uint32_t crop_x, uint32_t crop_y, uint32_t crop_width, uint32_t crop_height,
                                 uint32_t width, uint32_t height);

/// An animation being played: each call composes the next frame onto the canvas.
typedef struct cwebp_animation cwebp_animation;

/// A player of an animated (or still) WebP, or NULL when libwebp refuses the data.
cwebp_animation *cwebp_animation_create(const uint8_t *data, size_t size);
void cwebp_animation_destroy(cwebp_animation *animation);
/// Composes the next frame; copies the canvas (`width` x `height` RGBA, rows `stride` apart) to
/// `dst` and says its timestamp in milliseconds. CWEBP_CORRUPT past the last frame or on damage.
cwebp_status cwebp_animation_next(cwebp_animation *animation, uint8_t *dst, size_t stride,
                                  int *timestamp_ms);

/// Encodes RGBA rows (`stride` bytes apart) as a lossy WebP at `quality` 0...100, alpha kept.
/// On success `*out` is a buffer of `*out_size` bytes the caller frees with `cwebp_free`.
cwebp_status cwebp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               float quality, uint8_t **out, size_t *out_size);
void cwebp_free(void *buffer);

#endif
