#include "CAVIF.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"

struct cavif_decoder {
    avifDecoder *decoder;
    // The size the container promised, which the caller's buffers are made for.
    uint32_t width;
    uint32_t height;
    char message[160];
};

static cavif_status classify(avifResult result) {
    switch (result) {
    case AVIF_RESULT_OK: return CAVIF_OK;
    case AVIF_RESULT_NO_CODEC_AVAILABLE:
    case AVIF_RESULT_NOT_IMPLEMENTED:
    case AVIF_RESULT_UNSUPPORTED_DEPTH:
        return CAVIF_UNSUPPORTED;
    case AVIF_RESULT_TRUNCATED_DATA:
    case AVIF_RESULT_WAITING_ON_IO:
        return CAVIF_TRUNCATED;
    case AVIF_RESULT_OUT_OF_MEMORY:
        return CAVIF_NO_MEMORY;
    default:
        return CAVIF_CORRUPT;
    }
}

static cavif_status fail(cavif_decoder *d, avifResult result) {
    const char *detail = d->decoder->diag.error[0] ? d->decoder->diag.error : avifResultToString(result);
    snprintf(d->message, sizeof(d->message), "%s", detail);
    // libavif words a refused size as a failed parse; the diagnostics name the limit.
    if (strstr(d->decoder->diag.error, "imageSizeLimit") || strstr(d->decoder->diag.error, "imageDimensionLimit")
        || strstr(d->decoder->diag.error, "imageCountLimit")) {
        return CAVIF_TOO_LARGE;
    }
    return classify(result);
}

cavif_decoder *cavif_decoder_create(const uint8_t *data, size_t size, uint32_t pixel_limit,
                                    uint32_t frame_limit, cavif_status *status) {
    if (cavif_load() != NULL) {
        *status = CAVIF_UNSUPPORTED;
        return NULL;
    }
    cavif_decoder *d = calloc(1, sizeof(cavif_decoder));
    if (d == NULL) {
        *status = CAVIF_NO_MEMORY;
        return NULL;
    }
    d->decoder = avifDecoderCreate();
    if (d->decoder == NULL) {
        free(d);
        *status = CAVIF_NO_MEMORY;
        return NULL;
    }
    d->decoder->maxThreads = 1;
    // libavif refuses a limit above its own default (or 0) as not implemented.
    d->decoder->imageSizeLimit = pixel_limit == 0 || pixel_limit > AVIF_DEFAULT_IMAGE_SIZE_LIMIT
        ? AVIF_DEFAULT_IMAGE_SIZE_LIMIT : pixel_limit;
    d->decoder->imageCountLimit = frame_limit;
    d->decoder->ignoreXMP = AVIF_TRUE;
    avifResult result = avifDecoderSetIOMemory(d->decoder, data, size);
    if (result == AVIF_RESULT_OK) result = avifDecoderParse(d->decoder);
    if (result != AVIF_RESULT_OK) {
        *status = fail(d, result);
        // The caller reads the message, so the decoder lives on; it is empty of pixels.
        return d;
    }
    d->width = d->decoder->image->width;
    d->height = d->decoder->image->height;
    *status = CAVIF_OK;
    return d;
}

void cavif_decoder_destroy(cavif_decoder *d) {
    if (d == NULL) return;
    avifDecoderDestroy(d->decoder);
    free(d);
}

const char *cavif_decoder_message(const cavif_decoder *d) { return d->message; }
uint32_t cavif_width(const cavif_decoder *d) { return d->width; }
uint32_t cavif_height(const cavif_decoder *d) { return d->height; }
uint32_t cavif_frame_count(const cavif_decoder *d) { return (uint32_t)d->decoder->imageCount; }

int cavif_rotation(const cavif_decoder *d) {
    const avifImage *image = d->decoder->image;
    return (image->transformFlags & AVIF_TRANSFORM_IROT) ? (int)(image->irot.angle & 3) : -1;
}

int cavif_mirror(const cavif_decoder *d) {
    const avifImage *image = d->decoder->image;
    return (image->transformFlags & AVIF_TRANSFORM_IMIR) ? (int)(image->imir.mode & 1) : -1;
}

const uint8_t *cavif_icc(const cavif_decoder *d, size_t *size) {
    *size = d->decoder->image->icc.size;
    return d->decoder->image->icc.size > 0 ? d->decoder->image->icc.data : NULL;
}

void cavif_cicp(const cavif_decoder *d, uint16_t *primaries, uint16_t *transfer) {
    *primaries = (uint16_t)d->decoder->image->colorPrimaries;
    *transfer = (uint16_t)d->decoder->image->transferCharacteristics;
}

cavif_status cavif_next_frame(cavif_decoder *d, uint8_t *dst, size_t stride, double *duration_ms) {
    avifResult result = avifDecoderNextImage(d->decoder);
    if (result != AVIF_RESULT_OK) return fail(d, result);
    avifImage *image = d->decoder->image;
    if (image->width != d->width || image->height != d->height) {
        snprintf(d->message, sizeof(d->message), "the AV1 frame is %ux%u, the container says %ux%u",
                 image->width, image->height, d->width, d->height);
        return CAVIF_CORRUPT;
    }
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = dst;
    rgb.rowBytes = (uint32_t)stride;
    result = avifImageYUVToRGB(image, &rgb);
    if (result != AVIF_RESULT_OK) return fail(d, result);
    *duration_ms = d->decoder->imageTiming.duration * 1000.0;
    return CAVIF_OK;
}

cavif_status cavif_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                               int quantizer, int speed, int opaque, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (cavif_load() != NULL) return CAVIF_UNSUPPORTED;
    avifImage *image = avifImageCreate(width, height, 8, AVIF_PIXEL_FORMAT_YUV420);
    if (image == NULL) return CAVIF_NO_MEMORY;
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)rgba;
    rgb.rowBytes = (uint32_t)stride;
    rgb.ignoreAlpha = opaque ? AVIF_TRUE : AVIF_FALSE;
    avifResult result = avifImageRGBToYUV(image, &rgb);
    avifEncoder *encoder = result == AVIF_RESULT_OK ? avifEncoderCreate() : NULL;
    avifRWData output = AVIF_DATA_EMPTY;
    if (encoder != NULL) {
        encoder->maxThreads = 2;
        encoder->speed = speed;
        encoder->minQuantizer = quantizer;
        encoder->maxQuantizer = quantizer;
        encoder->minQuantizerAlpha = 0;
        encoder->maxQuantizerAlpha = 0;
        result = avifEncoderWrite(encoder, image, &output);
        avifEncoderDestroy(encoder);
    } else if (result == AVIF_RESULT_OK) {
        result = AVIF_RESULT_OUT_OF_MEMORY;
    }
    avifImageDestroy(image);
    if (result != AVIF_RESULT_OK) {
        avifRWDataFree(&output);
        return classify(result);
    }
    *out = malloc(output.size);
    if (*out == NULL) {
        avifRWDataFree(&output);
        return CAVIF_NO_MEMORY;
    }
    memcpy(*out, output.data, output.size);
    *out_size = output.size;
    avifRWDataFree(&output);
    return CAVIF_OK;
}

void cavif_free(void *buffer) { free(buffer); }
