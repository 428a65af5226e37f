// libheif's functions as this shim calls them: through a table filled at the first HEIC
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libheif; a call to a function missing from the list fails the link, never silently.
#ifndef CHEIF_API_H
#define CHEIF_API_H

#include <libheif/heif.h>

#define CHEIF_FUNCTIONS(X) \
    X(heif_context_alloc) X(heif_context_free) X(heif_context_get_number_of_top_level_images)     \
    X(heif_context_get_primary_image_handle) X(heif_context_read_from_memory_without_copy)        \
    X(heif_context_set_max_decoding_threads) X(heif_decode_image) X(heif_decoding_options_alloc)  \
    X(heif_decoding_options_free) X(heif_image_get_bits_per_pixel) X(heif_image_get_height)       \
    X(heif_image_get_plane_readonly) X(heif_image_get_width)                                      \
    X(heif_image_handle_get_color_profile_type) X(heif_image_handle_get_height)                   \
    X(heif_image_handle_get_nclx_color_profile) X(heif_image_handle_get_raw_color_profile)        \
    X(heif_image_handle_get_raw_color_profile_size) X(heif_image_handle_get_width)                \
    X(heif_image_handle_has_alpha_channel) X(heif_image_handle_is_premultiplied_alpha)            \
    X(heif_image_handle_release) X(heif_image_release) X(heif_nclx_color_profile_free)

struct cheif_api {
#define CHEIF_SLOT(name) __typeof__(name) *name;
    CHEIF_FUNCTIONS(CHEIF_SLOT)
#undef CHEIF_SLOT
};

/// Filled by `cheif_load`; read only after it returned NULL.
extern struct cheif_api cheif_api;

#ifndef CHEIF_LOADER
#define heif_context_alloc (cheif_api.heif_context_alloc)
#define heif_context_free (cheif_api.heif_context_free)
#define heif_context_get_number_of_top_level_images (cheif_api.heif_context_get_number_of_top_level_images)
#define heif_context_get_primary_image_handle (cheif_api.heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (cheif_api.heif_context_read_from_memory_without_copy)
#define heif_context_set_max_decoding_threads (cheif_api.heif_context_set_max_decoding_threads)
#define heif_decode_image (cheif_api.heif_decode_image)
#define heif_decoding_options_alloc (cheif_api.heif_decoding_options_alloc)
#define heif_decoding_options_free (cheif_api.heif_decoding_options_free)
#define heif_image_get_bits_per_pixel (cheif_api.heif_image_get_bits_per_pixel)
#define heif_image_get_height (cheif_api.heif_image_get_height)
#define heif_image_get_plane_readonly (cheif_api.heif_image_get_plane_readonly)
#define heif_image_get_width (cheif_api.heif_image_get_width)
#define heif_image_handle_get_color_profile_type (cheif_api.heif_image_handle_get_color_profile_type)
#define heif_image_handle_get_height (cheif_api.heif_image_handle_get_height)
#define heif_image_handle_get_nclx_color_profile (cheif_api.heif_image_handle_get_nclx_color_profile)
#define heif_image_handle_get_raw_color_profile (cheif_api.heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_raw_color_profile_size (cheif_api.heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_width (cheif_api.heif_image_handle_get_width)
#define heif_image_handle_has_alpha_channel (cheif_api.heif_image_handle_has_alpha_channel)
#define heif_image_handle_is_premultiplied_alpha (cheif_api.heif_image_handle_is_premultiplied_alpha)
#define heif_image_handle_release (cheif_api.heif_image_handle_release)
#define heif_image_release (cheif_api.heif_image_release)
#define heif_nclx_color_profile_free (cheif_api.heif_nclx_color_profile_free)
#endif

#endif
