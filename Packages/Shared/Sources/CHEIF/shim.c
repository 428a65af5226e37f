#include "CHEIF.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"

struct cheif_decoder {
    struct heif_context *context;
    struct heif_image_handle *handle;
    // The upright size the container promised, which the caller's buffer is made for.
    uint32_t width;
    uint32_t height;
    uint8_t *icc;
    size_t icc_size;
    int has_cicp;
    uint16_t primaries;
    uint16_t transfer;
    char message[160];
};

static cheif_status classify(struct heif_error error) {
    if (error.code == heif_error_Ok) return CHEIF_OK;
    // libheif words a refused size as a failed allocation; the subcode names the limit.
    if (error.subcode == heif_suberror_Security_limit_exceeded) return CHEIF_TOO_LARGE;
    if (error.subcode == heif_suberror_End_of_data) return CHEIF_TRUNCATED;
    if (error.subcode == heif_suberror_Unsupported_codec) return CHEIF_UNSUPPORTED;
    switch (error.code) {
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype:
        return CHEIF_UNSUPPORTED;
    case heif_error_Memory_allocation_error:
        return CHEIF_NO_MEMORY;
    default:
        return CHEIF_CORRUPT;
    }
}

static cheif_status fail(cheif_decoder *d, struct heif_error error) {
    snprintf(d->message, sizeof(d->message), "%s", error.message != NULL ? error.message : "libheif failed");
    return classify(error);
}

cheif_decoder *cheif_decoder_create(const uint8_t *data, size_t size, cheif_status *status) {
    if (cheif_load() != NULL) {
        *status = CHEIF_UNSUPPORTED;
        return NULL;
    }
    cheif_decoder *d = calloc(1, sizeof(cheif_decoder));
    if (d == NULL) {
        *status = CHEIF_NO_MEMORY;
        return NULL;
    }
    d->context = heif_context_alloc();
    if (d->context == NULL) {
        free(d);
        *status = CHEIF_NO_MEMORY;
        return NULL;
    }
    // One decode at a time per picture: the pipeline already decodes several pictures at once.
    heif_context_set_max_decoding_threads(d->context, 0);
    struct heif_error error = heif_context_read_from_memory_without_copy(d->context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(d->context, &d->handle);
    if (error.code != heif_error_Ok) {
        // The caller reads the message, so the decoder lives on; it is empty of pixels.
        *status = fail(d, error);
        return d;
    }
    int width = heif_image_handle_get_width(d->handle);
    int height = heif_image_handle_get_height(d->handle);
    if (width <= 0 || height <= 0) {
        snprintf(d->message, sizeof(d->message), "the primary image is %dx%d", width, height);
        *status = CHEIF_CORRUPT;
        return d;
    }
    d->width = (uint32_t)width;
    d->height = (uint32_t)height;
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(d->handle);
    size_t icc_size = heif_image_handle_get_raw_color_profile_size(d->handle);
    if ((type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) && icc_size > 0) {
        d->icc = malloc(icc_size);
        if (d->icc != NULL) {
            if (heif_image_handle_get_raw_color_profile(d->handle, d->icc).code == heif_error_Ok) {
                d->icc_size = icc_size;
            } else {
                free(d->icc);
                d->icc = NULL;
            }
        }
    }
    d->primaries = heif_color_primaries_unspecified;
    d->transfer = heif_transfer_characteristic_unspecified;
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(d->handle, &nclx).code == heif_error_Ok && nclx != NULL) {
        d->has_cicp = 1;
        d->primaries = (uint16_t)nclx->color_primaries;
        d->transfer = (uint16_t)nclx->transfer_characteristics;
    }
    heif_nclx_color_profile_free(nclx);
    *status = CHEIF_OK;
    return d;
}

void cheif_decoder_destroy(cheif_decoder *d) {
    if (d == NULL) return;
    if (d->handle != NULL) heif_image_handle_release(d->handle);
    heif_context_free(d->context);
    free(d->icc);
    free(d);
}

const char *cheif_decoder_message(const cheif_decoder *d) { return d->message; }
uint32_t cheif_width(const cheif_decoder *d) { return d->width; }
uint32_t cheif_height(const cheif_decoder *d) { return d->height; }
uint32_t cheif_image_count(const cheif_decoder *d) {
    int count = heif_context_get_number_of_top_level_images(d->context);
    return count > 0 ? (uint32_t)count : 0;
}

const uint8_t *cheif_icc(const cheif_decoder *d, size_t *size) {
    *size = d->icc_size;
    return d->icc;
}

int cheif_cicp(const cheif_decoder *d, uint16_t *primaries, uint16_t *transfer) {
    *primaries = d->primaries;
    *transfer = d->transfer;
    return d->has_cicp;
}

/// Colour out of premultiplied alpha: each channel divided by alpha, rounded, and none under a
/// transparent pixel.
static void unpremultiply(uint8_t *row, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *pixel = row + x * 4;
        unsigned alpha = pixel[3];
        if (alpha == 255) continue;
        for (int channel = 0; channel < 3; channel++) {
            unsigned value = alpha == 0 ? 0 : (pixel[channel] * 255u + alpha / 2) / alpha;
            pixel[channel] = (uint8_t)(value > 255 ? 255 : value);
        }
    }
}

cheif_status cheif_decode(cheif_decoder *d, uint8_t *dst, size_t stride) {
    if (d->handle == NULL) return CHEIF_CORRUPT;
    int alpha = heif_image_handle_has_alpha_channel(d->handle);
    int premultiplied = alpha && heif_image_handle_is_premultiplied_alpha(d->handle);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) return CHEIF_NO_MEMORY;
    // Ten- and twelve-bit HEICs (HDR phone photos) come out as eight bits like every other format.
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error = heif_decode_image(d->handle, &image, heif_colorspace_RGB,
        alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) {
        heif_image_release(image);
        return fail(d, error);
    }
    int width = heif_image_get_width(image, heif_channel_interleaved);
    int height = heif_image_get_height(image, heif_channel_interleaved);
    int source_stride = 0;
    const uint8_t *source = heif_image_get_plane_readonly(image, heif_channel_interleaved, &source_stride);
    int depth = heif_image_get_bits_per_pixel(image, heif_channel_interleaved);
    int channels = alpha ? 4 : 3;
    if (source == NULL || width != (int)d->width || height != (int)d->height || depth != channels * 8) {
        snprintf(d->message, sizeof(d->message), "the decoded picture is %dx%d at %d bits, the container says %ux%u",
                 width, height, depth, d->width, d->height);
        heif_image_release(image);
        return CHEIF_CORRUPT;
    }
    for (uint32_t y = 0; y < d->height; y++) {
        const uint8_t *in = source + (size_t)y * (size_t)source_stride;
        uint8_t *out = dst + (size_t)y * stride;
        if (alpha) {
            memcpy(out, in, (size_t)d->width * 4);
            if (premultiplied) unpremultiply(out, d->width);
            continue;
        }
        for (uint32_t x = 0; x < d->width; x++) {
            out[x * 4] = in[x * 3];
            out[x * 4 + 1] = in[x * 3 + 1];
            out[x * 4 + 2] = in[x * 3 + 2];
            out[x * 4 + 3] = 255;
        }
    }
    heif_image_release(image);
    return CHEIF_OK;
}
