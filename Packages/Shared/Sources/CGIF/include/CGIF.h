#ifndef CGIF_H
#define CGIF_H
// A small shim over giflib.
//
// giflib reports failures through return codes and never exits. The shim adds what giflib leaves
// to its callers: a scan of the block structure that counts frames without decoding any (so a
// file of a hundred thousand frames is refused before a pixel exists), and the composition of
// frames onto the logical screen with transparency, interlacing, local palettes and every
// disposal method.
//
// giflib is not linked: opened at the first GIF (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `cgif_load` opens.
#define CGIF_LIBRARY "libgif.so.7"

/// Opens giflib if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *cgif_load(void);

/// Status of a shim call.
typedef enum {
    CGIF_OK = 0,
    /// The data is damaged or not a GIF giflib understands.
    CGIF_CORRUPT = 1,
    /// The data ended before the image did.
    CGIF_TRUNCATED = 2,
    /// giflib could not get memory.
    CGIF_NO_MEMORY = 3,
    /// No frame follows: the trailer was reached.
    CGIF_END = 4
} cgif_status;

/// What the block structure says, read without decoding pixels.
typedef struct {
    /// The logical screen every frame is drawn on.
    uint32_t width;
    uint32_t height;
    /// Frames seen, at most one more than the scan was allowed to count.
    uint32_t frame_count;
    /// The sum of every frame's own area in pixels, up to where the scan stopped.
    uint64_t frame_pixels;
    /// The NETSCAPE2.0 loop count: 0 forever, -1 when the file has none (play once).
    int32_t loop_count;
    /// The largest frame rectangle, which a decoder must hold a row of.
    uint32_t largest_frame_width;
    uint32_t largest_frame_height;
} cgif_info;

/// Walks the blocks, counting at most `max_frames + 1` frames. A file cut short after its first
/// frame scans as far as it goes: browsers show such a GIF, so do we.
cgif_status cgif_scan(const uint8_t *data, size_t size, uint32_t max_frames, cgif_info *info);

/// A GIF being played frame by frame onto a canvas it owns.
typedef struct cgif_decoder cgif_decoder;

/// Opens the GIF; NULL with `*status` saying why. `data` must outlive the decoder. The canvas
/// (the logical screen, RGBA) is allocated here: scan and check the size first.
cgif_decoder *cgif_decoder_create(const uint8_t *data, size_t size, cgif_status *status);
void cgif_decoder_destroy(cgif_decoder *decoder);
/// The message of the last failure (empty when there was none).
const char *cgif_decoder_message(const cgif_decoder *decoder);
/// Composes the next frame onto the canvas; `delay_cs` is its delay in hundredths of a second.
cgif_status cgif_next_frame(cgif_decoder *decoder, int *delay_cs);
/// The canvas after the last composed frame: width * height RGBA pixels, rows without padding.
const uint8_t *cgif_canvas(const cgif_decoder *decoder);

/// A GIF being written: a logical screen with one global palette, then frames of palette indices.
typedef struct cgif_encoder cgif_encoder;

/// A new GIF89a of `width` x `height` with `colours` (2...256) RGB triples in `palette`, looping
/// `loop_count` times (0 forever, -1 no loop extension). NULL when out of memory.
cgif_encoder *cgif_encoder_create(uint32_t width, uint32_t height, const uint8_t *palette, int colours,
                                  int loop_count);
/// Adds a frame of `width` x `height` indices at `left`, `top`, shown for `delay_cs` hundredths of a
/// second, with a disposal method (0...3) and a transparent index (-1 for none).
cgif_status cgif_encoder_add_frame(cgif_encoder *encoder, const uint8_t *indices, uint32_t left, uint32_t top,
                                   uint32_t width, uint32_t height, int delay_cs, int disposal, int transparent);
/// Writes the trailer and frees the encoder; on success `*out` is a malloc'd buffer of `*out_size`
/// bytes the caller frees with `cgif_free`.
cgif_status cgif_encoder_finish(cgif_encoder *encoder, uint8_t **out, size_t *out_size);
void cgif_free(void *buffer);

#endif
