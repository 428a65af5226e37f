#include "CWebP.h"

#include <stdlib.h>
#include <string.h>
#include "api.h"

static cwebp_status from_vp8(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OK: return CWEBP_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return CWEBP_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: return CWEBP_UNSUPPORTED;
    case VP8_STATUS_NOT_ENOUGH_DATA: return CWEBP_TRUNCATED;
    default: return CWEBP_CORRUPT;
    }
}

cwebp_status cwebp_read_info(const uint8_t *data, size_t size, cwebp_info *info) {
    memset(info, 0, sizeof(*info));
    if (cwebp_load() != NULL) return CWEBP_UNSUPPORTED;
    WebPData webp = { data, size };
    WebPDemuxState state;
    WebPDemuxer *demux = WebPDemuxPartial(&webp, &state);
    if (demux == NULL) return state == WEBP_DEMUX_PARSING_HEADER ? CWEBP_TRUNCATED : CWEBP_CORRUPT;
    if (state != WEBP_DEMUX_DONE) {
        WebPDemuxDelete(demux);
        return CWEBP_TRUNCATED;
    }
    info->width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    info->height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    info->frame_count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->loop_count = WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT);
    uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    info->is_animated = (flags & ANIMATION_FLAG) != 0;
    info->has_alpha = (flags & ALPHA_FLAG) != 0;
    WebPChunkIterator chunk;
    if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
        info->exif = chunk.chunk.bytes;
        info->exif_size = chunk.chunk.size;
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        info->icc = chunk.chunk.bytes;
        info->icc_size = chunk.chunk.size;
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if (!info->is_animated) {
        // A lossy still with an ALPH chunk says so only in its bitstream features.
        WebPBitstreamFeatures features;
        if (WebPGetFeatures(data, size, &features) == VP8_STATUS_OK) info->has_alpha |= features.has_alpha;
    }
    WebPDemuxDelete(demux);
    return CWEBP_OK;
}

cwebp_status cwebp_decode_still(const uint8_t *data, size_t size, uint8_t *dst, size_t stride,
                                uint32_t width, uint32_t height) {
    return cwebp_decode_region(data, size, dst, stride, 0, 0, 0, 0, width, height);
}

cwebp_status cwebp_decode_region(const uint8_t *data, size_t size, uint8_t *dst, size_t stride,
                                 uint32_t crop_x, uint32_t crop_y, uint32_t crop_width, uint32_t crop_height,
                                 uint32_t width, uint32_t height) {
    if (cwebp_load() != NULL) return CWEBP_UNSUPPORTED;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return CWEBP_UNSUPPORTED;
    VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
    if (status != VP8_STATUS_OK) return from_vp8(status);
    if (crop_width == 0 || crop_height == 0) {
        // The whole picture.
        crop_width = (uint32_t)config.input.width;
        crop_height = (uint32_t)config.input.height;
    } else {
        config.options.use_cropping = 1;
        config.options.crop_left = (int)crop_x;
        config.options.crop_top = (int)crop_y;
        config.options.crop_width = (int)crop_width;
        config.options.crop_height = (int)crop_height;
    }
    if (crop_width != width || crop_height != height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)width;
        config.options.scaled_height = (int)height;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = dst;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * height;
    status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    return from_vp8(status);
}

struct cwebp_animation {
    WebPAnimDecoder *decoder;
    uint32_t width;
    uint32_t height;
};

cwebp_animation *cwebp_animation_create(const uint8_t *data, size_t size) {
    if (cwebp_load() != NULL) return NULL;
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = { data, size };
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
    if (decoder == NULL) return NULL;
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(decoder, &info)) {
        WebPAnimDecoderDelete(decoder);
        return NULL;
    }
    cwebp_animation *animation = calloc(1, sizeof(cwebp_animation));
    if (animation == NULL) {
        WebPAnimDecoderDelete(decoder);
        return NULL;
    }
    animation->decoder = decoder;
    animation->width = info.canvas_width;
    animation->height = info.canvas_height;
    return animation;
}

void cwebp_animation_destroy(cwebp_animation *animation) {
    if (animation == NULL) return;
    WebPAnimDecoderDelete(animation->decoder);
    free(animation);
}

cwebp_status cwebp_animation_next(cwebp_animation *animation, uint8_t *dst, size_t stride,
                                  int *timestamp_ms) {
    uint8_t *canvas = NULL;
    if (!WebPAnimDecoderHasMoreFrames(animation->decoder)) return CWEBP_CORRUPT;
    if (!WebPAnimDecoderGetNext(animation->decoder, &canvas, timestamp_ms)) return CWEBP_CORRUPT;
    size_t row = (size_t)animation->width * 4;
    for (uint32_t y = 0; y < animation->height; y++) memcpy(dst + y * stride, canvas + y * row, row);
    return CWEBP_OK;
}

cwebp_status cwebp_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               float quality, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (cwebp_load() != NULL) return CWEBP_UNSUPPORTED;
    *out_size = WebPEncodeRGBA(rgba, (int)width, (int)height, (int)stride, quality, out);
    return *out_size > 0 && *out != NULL ? CWEBP_OK : CWEBP_CORRUPT;
}

void cwebp_free(void *buffer) { WebPFree(buffer); }
