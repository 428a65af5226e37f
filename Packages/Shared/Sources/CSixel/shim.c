#include "CSixel.h"
#include <sixel/sixel.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    int failed;
} csixel_buffer;

static int csixel_append(char *data, int size, void *context) {
    csixel_buffer *buffer = context;
    if (buffer->failed || size <= 0) return 0;
    if (buffer->length + (size_t)size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 65536;
        while (capacity < buffer->length + (size_t)size) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            return 0;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, (size_t)size);
    buffer->length += (size_t)size;
    return size;
}

int csixel_encode_rgba(const uint8_t *rgba, int width, int height, int colors,
                       uint8_t **output, size_t *length) {
    *output = NULL;
    *length = 0;
    if (width <= 0 || height <= 0) return -1;
    size_t count = (size_t)width * (size_t)height;
    // libsixel may work on the pixels in place, and alpha is ours to resolve: an RGB copy.
    uint8_t *rgb = malloc(count * 3);
    if (!rgb) return -1;
    for (size_t i = 0; i < count; i++) {
        unsigned alpha = rgba[i * 4 + 3];
        rgb[i * 3] = (uint8_t)((rgba[i * 4] * alpha + 127) / 255);
        rgb[i * 3 + 1] = (uint8_t)((rgba[i * 4 + 1] * alpha + 127) / 255);
        rgb[i * 3 + 2] = (uint8_t)((rgba[i * 4 + 2] * alpha + 127) / 255);
    }
    csixel_buffer buffer = {0};
    sixel_output_t *out = NULL;
    sixel_dither_t *dither = NULL;
    SIXELSTATUS status = sixel_output_new(&out, csixel_append, &buffer, NULL);
    if (SIXEL_SUCCEEDED(status)) status = sixel_dither_new(&dither, colors, NULL);
    if (SIXEL_SUCCEEDED(status)) {
        status = sixel_dither_initialize(dither, rgb, width, height, SIXEL_PIXELFORMAT_RGB888,
                                         SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO);
    }
    if (SIXEL_SUCCEEDED(status)) status = sixel_encode(rgb, width, height, 3, dither, out);
    if (dither) sixel_dither_unref(dither);
    if (out) sixel_output_unref(out);
    free(rgb);
    if (SIXEL_FAILED(status) || buffer.failed) {
        free(buffer.bytes);
        return SIXEL_FAILED(status) ? (int)status : -1;
    }
    *output = buffer.bytes;
    *length = buffer.length;
    return 0;
}

void csixel_free(uint8_t *buffer) { free(buffer); }
