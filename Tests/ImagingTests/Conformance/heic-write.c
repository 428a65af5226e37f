// Writes a lossless HEIC (RGB matrix, 4:4:4) of raw RGB pixels, which heif-enc of this libheif
// cannot: with the irot/imir boxes libheif makes for an Exif orientation, and, when PRIMARIES and
// TRANSFER are given, an `nclx` colr box with those code points (heif-enc leaves the box out, its
// macOS workaround). Used only by make-fixtures.py:
//   heic-write WIDTH HEIGHT ORIENTATION in.rgb out.heic [PRIMARIES TRANSFER]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libheif/heif.h>

static int check(struct heif_error error) {
    if (error.code == heif_error_Ok) return 0;
    fprintf(stderr, "heic-write: %s\n", error.message);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 6 && argc != 8) {
        fprintf(stderr, "usage: heic-write WIDTH HEIGHT ORIENTATION in.rgb out.heic [PRIMARIES TRANSFER]\n");
        return 2;
    }
    int width = atoi(argv[1]), height = atoi(argv[2]), orientation = atoi(argv[3]);
    int tagged = argc == 8;
    FILE *in = fopen(argv[4], "rb");
    if (in == NULL) return 1;
    struct heif_image *image = NULL;
    check(heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image));
    check(heif_image_add_plane(image, heif_channel_interleaved, width, height, 8));
    int stride = 0;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++) {
        if (fread(plane + (size_t)y * stride, 3, (size_t)width, in) != (size_t)width) return 1;
    }
    fclose(in);
    struct heif_context *context = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder));
    check(heif_encoder_set_lossless(encoder, 1));
    check(heif_encoder_set_parameter_string(encoder, "chroma", "444"));
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (tagged) {
        check(heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)atoi(argv[6])));
        check(heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)atoi(argv[7])));
    }
    nclx->matrix_coefficients = heif_matrix_coefficients_RGB_GBR;
    nclx->full_range_flag = 1;
    // The image's own profile is what libheif writes in the box; the option drives its conversion.
    if (tagged) check(heif_image_set_nclx_color_profile(image, nclx));
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->output_nclx_profile = nclx;
    options->image_orientation = (enum heif_orientation)orientation;
    if (tagged) options->macOS_compatibility_workaround_no_nclx_profile = 0;
    check(heif_context_encode_image(context, image, encoder, options, NULL));
    check(heif_context_write_to_file(context, argv[5]));
    heif_encoding_options_free(options);
    heif_nclx_color_profile_free(nclx);
    heif_encoder_release(encoder);
    heif_image_release(image);
    heif_context_free(context);
    return 0;
}
