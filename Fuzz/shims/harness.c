// A libFuzzer harness over the C shims alone (CWebP, CGIF, CAVIF, CExif), calling them as the
// Swift decoders do, under the same limits. It builds in seconds with clang, where the Swift
// targets (fuzz-webp, fuzz-gif, fuzz-avif) need the whole workbench built with the sanitizers:
//
//   S=Packages/Shared/Sources
//   clang -g -O1 -fsanitize=fuzzer,address -DTARGET_GIF -I$S/CGIF/include -I$S/CWebP/include \
//     -I$S/CAVIF/include -I$S/CExif/include Fuzz/shims/harness.c $S/CGIF/shim.c $S/CWebP/shim.c \
//     $S/CAVIF/shim.c $S/CExif/shim.c -lgif -lwebp -lwebpdemux -lavif -lexif -o /tmp/fuzz-shim-gif
//
// (-DTARGET_WEBP or -DTARGET_AVIF for the others.) What it finds goes into the Swift targets'
// corpora, which `swift test` replays.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "CAVIF.h"
#include "CExif.h"
#include "CGIF.h"
#include "CWebP.h"

enum { PIXEL_LIMIT = 250000, FRAME_LIMIT = 5000 };

#if defined(TARGET_GIF)
static void run(const uint8_t *data, size_t size) {
    cgif_info info;
    if (cgif_scan(data, size, FRAME_LIMIT, &info) != CGIF_OK) return;
    if ((uint64_t)info.width * info.height > PIXEL_LIMIT || info.width == 0 || info.height == 0) return;
    if ((uint64_t)info.largest_frame_width * info.largest_frame_height > PIXEL_LIMIT) return;
    if (info.frame_count > FRAME_LIMIT || info.frame_pixels > 20ull * PIXEL_LIMIT) return;
    cgif_status status;
    cgif_decoder *decoder = cgif_decoder_create(data, size, &status);
    if (decoder == NULL) return;
    int delay;
    for (uint32_t i = 0; i < info.frame_count && cgif_next_frame(decoder, &delay) == CGIF_OK; i++) {
        volatile uint8_t sink = cgif_canvas(decoder)[(size_t)info.width * info.height * 4 - 1];
        (void)sink;
    }
    cgif_decoder_destroy(decoder);
}
#elif defined(TARGET_WEBP)
static void run(const uint8_t *data, size_t size) {
    cwebp_info info;
    if (cwebp_read_info(data, size, &info) != CWEBP_OK) return;
    (void)cexif_orientation(info.exif, info.exif_size);
    uint64_t area = (uint64_t)info.width * info.height;
    if (area == 0 || area > PIXEL_LIMIT || info.frame_count > FRAME_LIMIT) return;
    size_t stride = (size_t)info.width * 4;
    uint8_t *buffer = malloc(stride * info.height);
    if (buffer == NULL) return;
    if (!info.is_animated) {
        cwebp_decode_still(data, size, buffer, stride, info.width, info.height);
        uint32_t w = info.width / 3 + 1, h = info.height / 3 + 1;
        cwebp_decode_still(data, size, buffer, (size_t)w * 4, w, h);
    } else {
        cwebp_animation *animation = cwebp_animation_create(data, size);
        int timestamp;
        for (uint32_t i = 0; animation != NULL && i < info.frame_count; i++) {
            if (cwebp_animation_next(animation, buffer, stride, &timestamp) != CWEBP_OK) break;
        }
        cwebp_animation_destroy(animation);
    }
    free(buffer);
}
#elif defined(TARGET_AVIF)
static void run(const uint8_t *data, size_t size) {
    cavif_status status;
    cavif_decoder *decoder = cavif_decoder_create(data, size, PIXEL_LIMIT, FRAME_LIMIT + 1, &status);
    if (decoder == NULL) return;
    uint64_t area = (uint64_t)cavif_width(decoder) * cavif_height(decoder);
    if (status == CAVIF_OK && area > 0 && area <= PIXEL_LIMIT && cavif_frame_count(decoder) <= 20) {
        size_t stride = (size_t)cavif_width(decoder) * 4;
        uint8_t *buffer = malloc(stride * cavif_height(decoder));
        double duration;
        size_t icc_size;
        (void)cavif_icc(decoder, &icc_size);
        uint16_t primaries, transfer;
        cavif_cicp(decoder, &primaries, &transfer);
        (void)cavif_rotation(decoder);
        (void)cavif_mirror(decoder);
        for (uint32_t i = 0; buffer != NULL && i < cavif_frame_count(decoder); i++) {
            if (cavif_next_frame(decoder, buffer, stride, &duration) != CAVIF_OK) break;
        }
        free(buffer);
    }
    cavif_decoder_destroy(decoder);
}
#else
#error "define TARGET_GIF, TARGET_WEBP or TARGET_AVIF"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    run(data, size);
    return 0;
}
