// libpng's functions as this shim calls them: through a table filled at the first PNG
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libpng; a call to a function missing from the list fails the link, never silently.
#ifndef CPNG_API_H
#define CPNG_API_H

#include <png.h>

#define CPNG_FUNCTIONS(X) \
    X(png_create_info_struct) X(png_create_read_struct) X(png_create_write_struct)                \
    X(png_destroy_read_struct) X(png_destroy_write_struct) X(png_error) X(png_get_bit_depth)      \
    X(png_get_color_type) X(png_get_error_ptr) X(png_get_gAMA) X(png_get_iCCP)                    \
    X(png_get_image_height) X(png_get_image_width) X(png_get_interlace_type) X(png_get_io_ptr)    \
    X(png_get_rowbytes) X(png_get_valid) X(png_longjmp) X(png_read_end) X(png_read_image)         \
    X(png_read_info) X(png_read_row) X(png_read_update_info) X(png_set_IHDR) X(png_set_PLTE)      \
    X(png_set_add_alpha) X(png_set_compression_level) X(png_set_expand_gray_1_2_4_to_8)           \
    X(png_set_gray_to_rgb) X(png_set_interlace_handling) X(png_set_longjmp_fn)                    \
    X(png_set_palette_to_rgb) X(png_set_read_fn) X(png_set_scale_16) X(png_set_tRNS)              \
    X(png_set_tRNS_to_alpha) X(png_set_user_limits) X(png_set_write_fn) X(png_write_end)          \
    X(png_write_image) X(png_write_info)

struct cpng_api {
#define CPNG_SLOT(name) __typeof__(name) *name;
    CPNG_FUNCTIONS(CPNG_SLOT)
#undef CPNG_SLOT
};

/// Filled by `cpng_load`; read only after it returned NULL.
extern struct cpng_api cpng_api;

#ifndef CPNG_LOADER
#define png_create_info_struct (cpng_api.png_create_info_struct)
#define png_create_read_struct (cpng_api.png_create_read_struct)
#define png_create_write_struct (cpng_api.png_create_write_struct)
#define png_destroy_read_struct (cpng_api.png_destroy_read_struct)
#define png_destroy_write_struct (cpng_api.png_destroy_write_struct)
#define png_error (cpng_api.png_error)
#define png_get_bit_depth (cpng_api.png_get_bit_depth)
#define png_get_color_type (cpng_api.png_get_color_type)
#define png_get_error_ptr (cpng_api.png_get_error_ptr)
#define png_get_gAMA (cpng_api.png_get_gAMA)
#define png_get_iCCP (cpng_api.png_get_iCCP)
#define png_get_image_height (cpng_api.png_get_image_height)
#define png_get_image_width (cpng_api.png_get_image_width)
#define png_get_interlace_type (cpng_api.png_get_interlace_type)
#define png_get_io_ptr (cpng_api.png_get_io_ptr)
#define png_get_rowbytes (cpng_api.png_get_rowbytes)
#define png_get_valid (cpng_api.png_get_valid)
#define png_longjmp (cpng_api.png_longjmp)
#define png_read_end (cpng_api.png_read_end)
#define png_read_image (cpng_api.png_read_image)
#define png_read_info (cpng_api.png_read_info)
#define png_read_row (cpng_api.png_read_row)
#define png_read_update_info (cpng_api.png_read_update_info)
#define png_set_IHDR (cpng_api.png_set_IHDR)
#define png_set_PLTE (cpng_api.png_set_PLTE)
#define png_set_add_alpha (cpng_api.png_set_add_alpha)
#define png_set_compression_level (cpng_api.png_set_compression_level)
#define png_set_expand_gray_1_2_4_to_8 (cpng_api.png_set_expand_gray_1_2_4_to_8)
#define png_set_gray_to_rgb (cpng_api.png_set_gray_to_rgb)
#define png_set_interlace_handling (cpng_api.png_set_interlace_handling)
#define png_set_longjmp_fn (cpng_api.png_set_longjmp_fn)
#define png_set_palette_to_rgb (cpng_api.png_set_palette_to_rgb)
#define png_set_read_fn (cpng_api.png_set_read_fn)
#define png_set_scale_16 (cpng_api.png_set_scale_16)
#define png_set_tRNS (cpng_api.png_set_tRNS)
#define png_set_tRNS_to_alpha (cpng_api.png_set_tRNS_to_alpha)
#define png_set_user_limits (cpng_api.png_set_user_limits)
#define png_set_write_fn (cpng_api.png_set_write_fn)
#define png_write_end (cpng_api.png_write_end)
#define png_write_image (cpng_api.png_write_image)
#define png_write_info (cpng_api.png_write_info)
#endif

#endif
