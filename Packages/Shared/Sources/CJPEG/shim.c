#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"

// The error manager every decoder and encoder uses: it records, it never prints, and a fatal
// error jumps back to the setjmp of the shim function that is running.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int hit_eof;
    cjpeg_status status;
    char message[JMSG_LENGTH_MAX];
} shim_error_mgr;

static cjpeg_status classify(int code) {
    switch (code) {
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
        return CJPEG_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return CJPEG_NO_MEMORY;
    case JERR_INPUT_EMPTY:
        return CJPEG_TRUNCATED;
    default:
        return CJPEG_CORRUPT;
    }
}

static void shim_error_exit(j_common_ptr cinfo) {
    shim_error_mgr *err = (shim_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    // Headers cut short end in libjpeg's fake EOI, then "no image": that is truncation.
    err->status = err->hit_eof ? CJPEG_TRUNCATED : classify(cinfo->err->msg_code);
    longjmp(err->jump, 1);
}

static void shim_emit_message(j_common_ptr cinfo, int msg_level) {
    shim_error_mgr *err = (shim_error_mgr *)cinfo->err;
    if (msg_level >= 0) return; // trace messages
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
        err->hit_eof = 1;
        if (err->message[0] == '\0') (*cinfo->err->format_message)(cinfo, err->message);
    }
    cinfo->err->num_warnings++;
}

static void shim_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void shim_init_error(shim_error_mgr *err) {
    memset(err, 0, sizeof(*err));
    jpeg_std_error(&err->pub);
    err->pub.error_exit = shim_error_exit;
    err->pub.emit_message = shim_emit_message;
    err->pub.output_message = shim_output_message;
}

// MARK: Decoding

struct cjpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    shim_error_mgr err;
    int created;
    int started;
    int convert_cmyk;
    int inverted_cmyk;
    int keep_cmyk;
};

cjpeg_decoder *cjpeg_decoder_create(void) {
    if (cjpeg_load() != NULL) return NULL;
    cjpeg_decoder *decoder = calloc(1, sizeof(cjpeg_decoder));
    if (decoder == NULL) return NULL;
    shim_init_error(&decoder->err);
    decoder->cinfo.err = &decoder->err.pub;
    if (setjmp(decoder->err.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->created = 1;
    return decoder;
}

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

const char *cjpeg_decoder_message(const cjpeg_decoder *decoder) { return decoder->err.message; }

cjpeg_status cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t size) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    jpeg_mem_src(&decoder->cinfo, data, (unsigned long)size);
    // Keep APP1, where cameras write the Exif orientation; libjpeg skips it otherwise.
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
    // And APP2, where ICC profiles are kept (in pieces of at most 65519 bytes).
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&decoder->cinfo, TRUE);
    return CJPEG_OK;
}

int cjpeg_exif(const cjpeg_decoder *decoder, const uint8_t **data, size_t *size) {
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            *data = marker->data;
            *size = marker->data_length;
            return 1;
        }
    }
    return 0;
}

size_t cjpeg_icc(const cjpeg_decoder *decoder, uint8_t **icc) {
    *icc = NULL;
    // Each piece: "ICC_PROFILE\0", its number (from 1), the count, then its bytes.
    static const char tag[12] = "ICC_PROFILE";
    size_t sizes[256] = { 0 };
    const uint8_t *pieces[256] = { NULL };
    int count = 0;
    for (jpeg_saved_marker_ptr m = decoder->cinfo.marker_list; m != NULL; m = m->next) {
        if (m->marker != JPEG_APP0 + 2 || m->data_length < 14 || memcmp(m->data, tag, 12) != 0) continue;
        int number = m->data[12], total = m->data[13];
        if (number == 0 || total == 0 || number > total || (count != 0 && total != count)) return 0;
        count = total;
        if (pieces[number] != NULL) return 0;
        pieces[number] = m->data + 14;
        sizes[number] = m->data_length - 14;
    }
    size_t size = 0;
    for (int i = 1; i <= count; i++) {
        if (pieces[i] == NULL) return 0;
        size += sizes[i];
    }
    if (size == 0) return 0;
    uint8_t *out = malloc(size);
    if (out == NULL) return 0;
    size_t at = 0;
    for (int i = 1; i <= count; i++) {
        memcpy(out + at, pieces[i], sizes[i]);
        at += sizes[i];
    }
    *icc = out;
    return size;
}

int cjpeg_is_cmyk(const cjpeg_decoder *decoder) {
    return decoder->cinfo.jpeg_color_space == JCS_CMYK || decoder->cinfo.jpeg_color_space == JCS_YCCK;
}

int cjpeg_cmyk_inverted(const cjpeg_decoder *decoder) { return decoder->cinfo.saw_Adobe_marker ? 1 : 0; }

void cjpeg_keep_cmyk(cjpeg_decoder *decoder, int keep) { decoder->keep_cmyk = keep; }

uint32_t cjpeg_image_width(const cjpeg_decoder *decoder) { return decoder->cinfo.image_width; }
uint32_t cjpeg_image_height(const cjpeg_decoder *decoder) { return decoder->cinfo.image_height; }
int cjpeg_is_progressive(const cjpeg_decoder *decoder) { return decoder->cinfo.progressive_mode ? 1 : 0; }
int cjpeg_components(const cjpeg_decoder *decoder) { return decoder->cinfo.num_components; }

static void configure_output(cjpeg_decoder *decoder, unsigned num, unsigned denom) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    cinfo->scale_num = num;
    cinfo->scale_denom = denom;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        // libjpeg does not turn CMYK into RGB: take CMYK and convert each row here.
        cinfo->out_color_space = JCS_CMYK;
        decoder->convert_cmyk = !decoder->keep_cmyk;
        decoder->inverted_cmyk = cinfo->saw_Adobe_marker;
    } else {
        cinfo->out_color_space = JCS_EXT_RGBA;
        decoder->convert_cmyk = 0;
    }
}

cjpeg_status cjpeg_scaled_size(cjpeg_decoder *decoder, unsigned num, unsigned denom,
                               uint32_t *width, uint32_t *height) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    configure_output(decoder, num, denom);
    jpeg_calc_output_dimensions(&decoder->cinfo);
    *width = decoder->cinfo.output_width;
    *height = decoder->cinfo.output_height;
    return CJPEG_OK;
}

cjpeg_status cjpeg_start(cjpeg_decoder *decoder, unsigned num, unsigned denom,
                         uint32_t *width, uint32_t *height) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    configure_output(decoder, num, denom);
    jpeg_start_decompress(&decoder->cinfo);
    decoder->started = 1;
    *width = decoder->cinfo.output_width;
    *height = decoder->cinfo.output_height;
    return CJPEG_OK;
}

static void cmyk_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        // Adobe writes CMYK inverted: the stored value is already "how much light".
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

cjpeg_status cjpeg_read_rows(cjpeg_decoder *decoder, uint8_t *dst, size_t stride, uint32_t max_rows,
                             uint32_t *rows_read) {
    *rows_read = 0;
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    j_decompress_ptr cinfo = &decoder->cinfo;
    uint32_t done = 0;
    while (done < max_rows && cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[16];
        uint32_t want = max_rows - done;
        if (want > 16) want = 16;
        for (uint32_t i = 0; i < want; i++) rows[i] = dst + (size_t)(done + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows, want);
        if (decoder->convert_cmyk) {
            for (JDIMENSION i = 0; i < got; i++) cmyk_to_rgba(rows[i], cinfo->output_width, decoder->inverted_cmyk);
        }
        done += got;
        *rows_read = done;
        if (got == 0) break;
    }
    return CJPEG_OK;
}

cjpeg_status cjpeg_crop_columns(cjpeg_decoder *decoder, uint32_t *x, uint32_t *width) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    JDIMENSION left = *x, columns = *width;
    jpeg_crop_scanline(&decoder->cinfo, &left, &columns);
    *x = left;
    *width = columns;
    return CJPEG_OK;
}

cjpeg_status cjpeg_skip_rows(cjpeg_decoder *decoder, uint32_t rows) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    JDIMENSION left = rows;
    // jpeg_skip_scanlines may stop short at the end of the data: skip until done or stuck.
    while (left > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(&decoder->cinfo, left);
        if (skipped == 0) return CJPEG_TRUNCATED;
        left -= skipped;
    }
    return CJPEG_OK;
}

void cjpeg_abort(cjpeg_decoder *decoder) {
    if (decoder->started) {
        jpeg_abort_decompress(&decoder->cinfo);
        decoder->started = 0;
    }
}

cjpeg_status cjpeg_finish(cjpeg_decoder *decoder) {
    if (setjmp(decoder->err.jump)) return decoder->err.status;
    if (decoder->started) {
        jpeg_finish_decompress(&decoder->cinfo);
        decoder->started = 0;
    }
    return decoder->err.hit_eof ? CJPEG_TRUNCATED : CJPEG_OK;
}

// MARK: Encoding

// A destination that grows one malloc'd buffer we own, so an error at any point can free it.
typedef struct {
    struct jpeg_destination_mgr pub;
    unsigned char *buffer;
    size_t capacity;
    size_t size;
} growing_destination;

typedef struct {
    struct jpeg_compress_struct cinfo;
    shim_error_mgr err;
    growing_destination dest;
} shim_encoder;

static void dest_init(j_compress_ptr cinfo) {
    growing_destination *dest = (growing_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = dest->capacity;
}

static boolean dest_empty(j_compress_ptr cinfo) {
    growing_destination *dest = (growing_destination *)cinfo->dest;
    size_t grown = dest->capacity * 2;
    unsigned char *buffer = realloc(dest->buffer, grown);
    if (buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->buffer = buffer;
    // libjpeg calls this only when the buffer is full: all of `capacity` is written.
    dest->pub.next_output_byte = buffer + dest->capacity;
    dest->pub.free_in_buffer = grown - dest->capacity;
    dest->capacity = grown;
    return TRUE;
}

static void dest_term(j_compress_ptr cinfo) {
    growing_destination *dest = (growing_destination *)cinfo->dest;
    dest->size = dest->capacity - dest->pub.free_in_buffer;
}

cjpeg_status cjpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                          int quality, int progressive, cjpeg_encode_space space,
                          uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    *out = NULL;
    *out_size = 0;
    if (cjpeg_load() != NULL) {
        snprintf(message, message_size, "%s", cjpeg_load());
        return CJPEG_UNSUPPORTED;
    }
    // Heap state: nothing the jump needs lives in a register-cached local.
    shim_encoder *encoder = calloc(1, sizeof(shim_encoder));
    if (encoder == NULL) return CJPEG_NO_MEMORY;
    encoder->dest.capacity = 16384 + (size_t)width * height / 4;
    encoder->dest.buffer = malloc(encoder->dest.capacity);
    if (encoder->dest.buffer == NULL) {
        free(encoder);
        return CJPEG_NO_MEMORY;
    }
    encoder->dest.pub.init_destination = dest_init;
    encoder->dest.pub.empty_output_buffer = dest_empty;
    encoder->dest.pub.term_destination = dest_term;
    shim_init_error(&encoder->err);
    encoder->cinfo.err = &encoder->err.pub;
    if (setjmp(encoder->err.jump)) {
        if (message != NULL && message_size > 0) snprintf(message, message_size, "%s", encoder->err.message);
        cjpeg_status status = encoder->err.status;
        jpeg_destroy_compress(&encoder->cinfo);
        free(encoder->dest.buffer);
        free(encoder);
        return status;
    }
    jpeg_create_compress(&encoder->cinfo);
    encoder->cinfo.dest = &encoder->dest.pub;
    encoder->cinfo.image_width = width;
    encoder->cinfo.image_height = height;
    encoder->cinfo.input_components = 4;
    encoder->cinfo.in_color_space = space == CJPEG_ENCODE_CMYK ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_set_defaults(&encoder->cinfo);
    if (space == CJPEG_ENCODE_GRAY) jpeg_set_colorspace(&encoder->cinfo, JCS_GRAYSCALE);
    if (space == CJPEG_ENCODE_CMYK) jpeg_set_colorspace(&encoder->cinfo, JCS_CMYK);
    jpeg_set_quality(&encoder->cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&encoder->cinfo);
    jpeg_start_compress(&encoder->cinfo, TRUE);
    while (encoder->cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)encoder->cinfo.next_scanline * stride);
        jpeg_write_scanlines(&encoder->cinfo, &row, 1);
    }
    jpeg_finish_compress(&encoder->cinfo);
    jpeg_destroy_compress(&encoder->cinfo);
    *out = encoder->dest.buffer;
    *out_size = encoder->dest.size;
    free(encoder);
    return CJPEG_OK;
}

void cjpeg_free(void *buffer) { free(buffer); }
