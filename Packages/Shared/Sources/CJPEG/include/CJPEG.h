#ifndef CJPEG_H
#define CJPEG_H
// A small shim over libjpeg-turbo's libjpeg API.
//
// libjpeg reports a fatal error by calling `error_exit`, whose default calls exit(). Every
// function here that calls into libjpeg sets its own setjmp point first and installs an
// `error_exit` that longjmps back to it, so a corrupt file becomes a status code plus a message.
// The jump never leaves C: Swift only ever sees the returned status.
//
// libjpeg is not linked: opened at the first JPEG (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `cjpeg_load` opens.
#define CJPEG_LIBRARY "libjpeg.so.62"

/// Opens libjpeg if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cjpeg_load(void);

/// Status of a shim call.
typedef enum {
    CJPEG_OK = 0,
    /// The data is damaged or not a JPEG libjpeg understands.
    CJPEG_CORRUPT = 1,
    /// A valid JPEG that uses a feature this build does not handle (12-bit, odd colour space...).
    CJPEG_UNSUPPORTED = 2,
    /// The data ended before the image did.
    CJPEG_TRUNCATED = 3,
    /// libjpeg could not get memory.
    CJPEG_NO_MEMORY = 4
} cjpeg_status;

/// An opaque decompressor; create, read the header, start, read rows, finish, destroy.
typedef struct cjpeg_decoder cjpeg_decoder;

/// A new decoder or NULL when out of memory.
cjpeg_decoder *cjpeg_decoder_create(void);
/// Frees the decoder and everything libjpeg allocated for it.
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);
/// The message of the last failure (empty when there was none).
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);

/// Reads markers up to the first scan. `data` must stay valid until the decoder is destroyed.
cjpeg_status cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t size);
/// The first APP1 segment that holds Exif ("Exif\0\0" then TIFF), kept by `cjpeg_read_header`;
/// returns 0 when there is none. `*data` stays valid until the decoder is destroyed.
int cjpeg_exif(const cjpeg_decoder *decoder, const uint8_t **data, size_t *size);
/// The ICC profile of the APP2 "ICC_PROFILE" segments kept by `cjpeg_read_header`, put together
/// in order; 0 when there is none or the pieces do not fit. `*icc` is malloc'd: free it with `cjpeg_free`.
size_t cjpeg_icc(const cjpeg_decoder *decoder, uint8_t **icc);
/// Non-zero when the JPEG holds CMYK or YCCK (libjpeg gives CMYK for both).
int cjpeg_is_cmyk(const cjpeg_decoder *decoder);
/// Non-zero when that CMYK is stored inverted (an Adobe marker: Photoshop writes CMYK so).
int cjpeg_cmyk_inverted(const cjpeg_decoder *decoder);
/// Before `cjpeg_start`: hand CMYK rows over as they are (4 bytes C, M, Y, K) instead of
/// converting them to RGBA here, for a colour-managed conversion with the file's profile.
void cjpeg_keep_cmyk(cjpeg_decoder *decoder, int keep);
/// Size of the image as stored, after `cjpeg_read_header`.
uint32_t cjpeg_image_width(const cjpeg_decoder *decoder);
uint32_t cjpeg_image_height(const cjpeg_decoder *decoder);
/// Non-zero for a progressive JPEG.
int cjpeg_is_progressive(const cjpeg_decoder *decoder);
/// Number of colour components in the file (1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK).
int cjpeg_components(const cjpeg_decoder *decoder);

/// The output size libjpeg produces when scaling by `num`/`denom` (libjpeg-turbo: num/8, num 1...16).
cjpeg_status cjpeg_scaled_size(cjpeg_decoder *decoder, unsigned num, unsigned denom,
                               uint32_t *width, uint32_t *height);
/// Starts decompression to RGBA8 (JCS_EXT_RGBA, CMYK converted here) scaled by `num`/`denom`.
cjpeg_status cjpeg_start(cjpeg_decoder *decoder, unsigned num, unsigned denom,
                         uint32_t *width, uint32_t *height);
/// Reads up to `max_rows` RGBA rows into `dst` (rows `stride` bytes apart); `rows_read` says how many.
cjpeg_status cjpeg_read_rows(cjpeg_decoder *decoder, uint8_t *dst, size_t stride, uint32_t max_rows,
                             uint32_t *rows_read);
/// After `cjpeg_start`, before any row is read: every row read from now on holds only the columns
/// from `*x` for `*width` (libjpeg-turbo's `jpeg_crop_scanline`). libjpeg moves `*x` left to a block
/// boundary and widens `*width` to match; the rows read are then `*width` pixels wide.
cjpeg_status cjpeg_crop_columns(cjpeg_decoder *decoder, uint32_t *x, uint32_t *width);
/// Passes over the next `rows` output rows without producing them (`jpeg_skip_scanlines`: no
/// colour conversion or upsampling, and in a baseline file no inverse DCT).
cjpeg_status cjpeg_skip_rows(cjpeg_decoder *decoder, uint32_t rows);
/// Ends a decompression whose remaining rows are not wanted (`jpeg_abort_decompress`); the decoder
/// may then only be destroyed.
void cjpeg_abort(cjpeg_decoder *decoder);
/// Finishes decompression; reports CJPEG_TRUNCATED when the data ended early anywhere in the image.
cjpeg_status cjpeg_finish(cjpeg_decoder *decoder);

/// What `cjpeg_encode` writes.
typedef enum {
    /// Colour: RGBA input (alpha ignored), stored as YCbCr.
    CJPEG_ENCODE_COLOR = 0,
    /// Luminance only, from RGBA input.
    CJPEG_ENCODE_GRAY = 1,
    /// CMYK with an Adobe marker: the four input bytes of each pixel are C, M, Y, K as stored.
    CJPEG_ENCODE_CMYK = 2
} cjpeg_encode_space;

/// Compresses `height` rows of 4-byte pixels at `quality` 1...100.
///
/// On success `*out` is a malloc'd buffer of `*out_size` bytes that the caller frees with
/// `cjpeg_free`. On failure `message` (of `message_size` bytes) says why.
cjpeg_status cjpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                          int quality, int progressive, cjpeg_encode_space space,
                          uint8_t **out, size_t *out_size, char *message, size_t message_size);
/// Frees a buffer returned by `cjpeg_encode`.
void cjpeg_free(void *buffer);

#endif
