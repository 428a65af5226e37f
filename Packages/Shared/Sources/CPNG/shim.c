#include "CPNG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"

#define MESSAGE_SIZE 200

struct cpng_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int ran_out;
    int out_of_memory;
    int started;
    png_bytep *row_pointers;
    char message[MESSAGE_SIZE];
};

static void record_error(png_structp png, png_const_charp text) {
    cpng_decoder *decoder = png_get_error_ptr(png);
    if (decoder != NULL && decoder->message[0] == '\0') snprintf(decoder->message, MESSAGE_SIZE, "%s", text);
    png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    cpng_decoder *decoder = png_get_io_ptr(png);
    if (decoder->size - decoder->offset < length) {
        decoder->ran_out = 1;
        png_error(png, "the data ended before the image did");
    }
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

static cpng_status failure(cpng_decoder *decoder) {
    if (decoder->ran_out) return CPNG_TRUNCATED;
    if (strstr(decoder->message, "memory") != NULL) return CPNG_NO_MEMORY;
    return CPNG_CORRUPT;
}

cpng_decoder *cpng_decoder_create(const uint8_t *data, size_t size) {
    if (cpng_load() != NULL) return NULL;
    cpng_decoder *decoder = calloc(1, sizeof(cpng_decoder));
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, record_error, ignore_warning);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, read_from_memory);
    // The caller enforces its own pixel limit from IHDR, with its own error: lift libpng's.
    png_set_user_limits(decoder->png, 0x7fffffffU, 0x7fffffffU);
    return decoder;
}

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder->row_pointers);
    free(decoder);
}

const char *cpng_decoder_message(const cpng_decoder *decoder) { return decoder->message; }

cpng_status cpng_read_info(cpng_decoder *decoder) {
    if (setjmp(png_jmpbuf(decoder->png))) return failure(decoder);
    png_read_info(decoder->png, decoder->info);
    return CPNG_OK;
}

uint32_t cpng_width(const cpng_decoder *decoder) { return png_get_image_width(decoder->png, decoder->info); }
uint32_t cpng_height(const cpng_decoder *decoder) { return png_get_image_height(decoder->png, decoder->info); }
int cpng_bit_depth(const cpng_decoder *decoder) { return png_get_bit_depth(decoder->png, decoder->info); }
int cpng_color_type(const cpng_decoder *decoder) { return png_get_color_type(decoder->png, decoder->info); }
int cpng_is_interlaced(const cpng_decoder *decoder) {
    return png_get_interlace_type(decoder->png, decoder->info) != PNG_INTERLACE_NONE;
}

const uint8_t *cpng_icc(const cpng_decoder *decoder, size_t *size) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    *size = 0;
    if (!png_get_valid(decoder->png, decoder->info, PNG_INFO_iCCP)) return NULL;
    if (png_get_iCCP(decoder->png, decoder->info, &name, &compression, &profile, &length) != PNG_INFO_iCCP) return NULL;
    *size = length;
    return profile;
}

double cpng_gamma(const cpng_decoder *decoder) {
    png_const_structrp png = decoder->png;
    png_const_inforp info = decoder->info;
    if (png_get_valid(png, info, PNG_INFO_sRGB) || png_get_valid(png, info, PNG_INFO_iCCP)) return 0;
    double gamma = 0;
    if (!png_get_valid(png, info, PNG_INFO_gAMA) || png_get_gAMA(png, info, &gamma) != PNG_INFO_gAMA) return 0;
    return gamma;
}

cpng_status cpng_start(cpng_decoder *decoder) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) return failure(decoder);
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)png_get_image_width(png, info) * 4) {
        png_error(png, "could not convert the image to RGBA8");
    }
    decoder->started = 1;
    return CPNG_OK;
}

cpng_status cpng_read_rows(cpng_decoder *decoder, uint8_t *dst, size_t stride, uint32_t count) {
    if (setjmp(png_jmpbuf(decoder->png))) return failure(decoder);
    for (uint32_t row = 0; row < count; row++) png_read_row(decoder->png, dst + (size_t)row * stride, NULL);
    return CPNG_OK;
}

cpng_status cpng_read_image(cpng_decoder *decoder, uint8_t *dst, size_t stride) {
    uint32_t height = png_get_image_height(decoder->png, decoder->info);
    // Allocated before the jump point and owned by the decoder, so a failure cannot leak it.
    free(decoder->row_pointers);
    decoder->row_pointers = malloc(sizeof(png_bytep) * (height == 0 ? 1 : height));
    if (decoder->row_pointers == NULL) return CPNG_NO_MEMORY;
    for (uint32_t row = 0; row < height; row++) decoder->row_pointers[row] = dst + (size_t)row * stride;
    if (setjmp(png_jmpbuf(decoder->png))) return failure(decoder);
    png_read_image(decoder->png, decoder->row_pointers);
    return CPNG_OK;
}

cpng_status cpng_finish(cpng_decoder *decoder) {
    if (setjmp(png_jmpbuf(decoder->png))) return failure(decoder);
    png_read_end(decoder->png, NULL);
    return CPNG_OK;
}

// MARK: Encoding

typedef struct {
    png_structp png;
    png_infop info;
    uint8_t *buffer;
    size_t size;
    size_t capacity;
    int out_of_memory;
    png_bytep *row_pointers;
    char message[MESSAGE_SIZE];
} shim_encoder;

static void write_error(png_structp png, png_const_charp text) {
    shim_encoder *encoder = png_get_error_ptr(png);
    if (encoder != NULL && encoder->message[0] == '\0') snprintf(encoder->message, MESSAGE_SIZE, "%s", text);
    png_longjmp(png, 1);
}

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
    shim_encoder *encoder = png_get_io_ptr(png);
    if (encoder->capacity - encoder->size < length) {
        size_t capacity = encoder->capacity == 0 ? 8192 : encoder->capacity;
        while (capacity - encoder->size < length) capacity *= 2;
        uint8_t *grown = realloc(encoder->buffer, capacity);
        if (grown == NULL) {
            encoder->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        encoder->buffer = grown;
        encoder->capacity = capacity;
    }
    memcpy(encoder->buffer + encoder->size, data, length);
    encoder->size += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static void destroy_encoder(shim_encoder *encoder) {
    png_destroy_write_struct(&encoder->png, &encoder->info);
    free(encoder->row_pointers);
    free(encoder);
}

cpng_status cpng_encode(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride,
                        int color_type, int bit_depth,
                        const uint8_t *palette, int palette_count,
                        const uint8_t *trans, int trans_count,
                        int interlaced, int compression,
                        uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    *out = NULL;
    *out_size = 0;
    if (cpng_load() != NULL) {
        snprintf(message, message_size, "%s", cpng_load());
        return CPNG_CORRUPT;
    }
    shim_encoder *encoder = calloc(1, sizeof(shim_encoder));
    if (encoder == NULL) return CPNG_NO_MEMORY;
    encoder->row_pointers = malloc(sizeof(png_bytep) * (height == 0 ? 1 : height));
    encoder->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, encoder, write_error, ignore_warning);
    if (encoder->png != NULL) encoder->info = png_create_info_struct(encoder->png);
    if (encoder->row_pointers == NULL || encoder->png == NULL || encoder->info == NULL) {
        destroy_encoder(encoder);
        return CPNG_NO_MEMORY;
    }
    for (uint32_t row = 0; row < height; row++) encoder->row_pointers[row] = (png_bytep)(rows + (size_t)row * stride);
    if (setjmp(png_jmpbuf(encoder->png))) {
        if (message != NULL && message_size > 0) snprintf(message, message_size, "%s", encoder->message);
        cpng_status status = encoder->out_of_memory ? CPNG_NO_MEMORY : CPNG_CORRUPT;
        free(encoder->buffer);
        destroy_encoder(encoder);
        return status;
    }
    png_set_write_fn(encoder->png, encoder, write_to_memory, flush_nothing);
    if (compression >= 0) png_set_compression_level(encoder->png, compression);
    png_set_IHDR(encoder->png, encoder->info, width, height, bit_depth, color_type,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette != NULL && palette_count > 0) {
        png_color entries[256];
        int count = palette_count > 256 ? 256 : palette_count;
        for (int i = 0; i < count; i++) {
            entries[i].red = palette[i * 3];
            entries[i].green = palette[i * 3 + 1];
            entries[i].blue = palette[i * 3 + 2];
        }
        png_set_PLTE(encoder->png, encoder->info, entries, count);
    }
    if (trans != NULL && trans_count > 0) {
        png_set_tRNS(encoder->png, encoder->info, trans, trans_count, NULL);
    }
    png_write_info(encoder->png, encoder->info);
    png_write_image(encoder->png, encoder->row_pointers);
    png_write_end(encoder->png, NULL);
    *out = encoder->buffer;
    *out_size = encoder->size;
    encoder->buffer = NULL;
    destroy_encoder(encoder);
    return CPNG_OK;
}

void cpng_free(void *buffer) { free(buffer); }
