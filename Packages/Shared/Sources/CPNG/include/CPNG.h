#ifndef CPNG_H
#define CPNG_H
// A small shim over libpng.
//
// libpng reports a fatal error by longjmp to png_jmpbuf. Every function here that calls into
// libpng sets that jump point itself, so the jump never leaves C: Swift sees a status and a
// message. Warnings are recorded, never printed (stderr belongs to the terminal UI).
//
// libpng is not linked: opened at the first PNG (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `cpng_load` opens.
#define CPNG_LIBRARY "libpng16.so.16"

/// Opens libpng if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cpng_load(void);

/// Status of a shim call.
typedef enum {
    CPNG_OK = 0,
    /// The data is damaged (bad CRC, bad zlib stream, bad chunk...).
    CPNG_CORRUPT = 1,
    /// The data ended before the image did.
    CPNG_TRUNCATED = 2,
    /// libpng could not get memory.
    CPNG_NO_MEMORY = 3
} cpng_status;

/// An opaque reader: create, read the info, start (transforms to RGBA8), read rows or the image, finish, destroy.
typedef struct cpng_decoder cpng_decoder;

/// A reader over `size` bytes at `data`, which must stay valid until it is destroyed; NULL when out of memory.
cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size);
void cpng_decoder_destroy(cpng_decoder *decoder);
/// The message of the last failure (empty when there was none).
const char *cpng_decoder_message(const cpng_decoder *decoder);

/// Reads the signature and every chunk before the image data (IHDR, PLTE, tRNS...).
cpng_status cpng_read_info(cpng_decoder *decoder);
uint32_t cpng_width(const cpng_decoder *decoder);
uint32_t cpng_height(const cpng_decoder *decoder);
/// Bits per sample (1, 2, 4, 8 or 16) and PNG colour type (0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA).
int cpng_bit_depth(const cpng_decoder *decoder);
int cpng_color_type(const cpng_decoder *decoder);
/// Non-zero for an Adam7-interlaced image (it must be read whole with `cpng_read_image`).
int cpng_is_interlaced(const cpng_decoder *decoder);

/// The embedded ICC profile of an iCCP chunk read by `cpng_read_info`, or NULL (with `*size` 0)
/// when there is none or libpng found it damaged; valid until the decoder is destroyed.
const uint8_t *cpng_icc(const cpng_decoder *decoder, size_t *size);

/// The file gamma of a gAMA chunk (0.45455 for the sRGB curve's usual stand-in), or 0 when the
/// image has none, or has an sRGB or iCCP chunk, which take precedence over it.
double cpng_gamma(const cpng_decoder *decoder);

/// Sets up the transforms that turn every colour type and depth into RGBA8.
cpng_status cpng_start(cpng_decoder *decoder);
/// Reads the next `count` rows of a non-interlaced image into `dst`, rows `stride` bytes apart.
cpng_status cpng_read_rows(cpng_decoder *decoder, uint8_t *dst, size_t stride, uint32_t count);
/// Reads the whole image (interlaced or not) into `dst`, rows `stride` bytes apart.
cpng_status cpng_read_image(cpng_decoder *decoder, uint8_t *dst, size_t stride);
/// Reads the chunks after the image data up to IEND, which checks the last CRCs.
cpng_status cpng_finish(cpng_decoder *decoder);

/// Writes a PNG of `height` rows already packed for `color_type`/`bit_depth` (16-bit samples big-endian).
///
/// - `palette`: `palette_count` RGB triples for colour type 3 (else NULL).
/// - `trans`: `trans_count` alpha values for the palette entries (else NULL).
/// - `interlaced`: non-zero writes Adam7.
/// - `compression`: zlib level 0...9, or -1 for libpng's default.
/// On success `*out` is a malloc'd buffer of `*out_size` bytes freed with `cpng_free`.
cpng_status cpng_encode(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                        int color_type, int bit_depth,
                        const uint8_t *palette, int palette_count,
                        const uint8_t *trans, int trans_count,
                        int interlaced, int compression,
                        uint8_t **out, size_t *out_size, char *message, size_t message_size);
void cpng_free(void *buffer);

#endif
