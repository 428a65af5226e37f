// libjpeg's functions as this shim calls them: through a table filled at the first JPEG
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libjpeg; a call to a function missing from the list fails the link, never silently.
#ifndef CJPEG_API_H
#define CJPEG_API_H

// jpeglib.h uses size_t and FILE without including what defines them.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

#define CJPEG_FUNCTIONS(X) \
    X(jpeg_CreateCompress) X(jpeg_CreateDecompress) X(jpeg_calc_output_dimensions)                \
    X(jpeg_abort_decompress) X(jpeg_crop_scanline) X(jpeg_skip_scanlines)                         \
    X(jpeg_destroy_compress) X(jpeg_destroy_decompress) X(jpeg_finish_compress)                   \
    X(jpeg_finish_decompress) X(jpeg_mem_src) X(jpeg_read_header) X(jpeg_read_scanlines)          \
    X(jpeg_save_markers) X(jpeg_set_colorspace) X(jpeg_set_defaults) X(jpeg_set_quality)          \
    X(jpeg_simple_progression) X(jpeg_start_compress) X(jpeg_start_decompress) X(jpeg_std_error)  \
    X(jpeg_write_scanlines)

struct cjpeg_api {
#define CJPEG_SLOT(name) __typeof__(name) *name;
    CJPEG_FUNCTIONS(CJPEG_SLOT)
#undef CJPEG_SLOT
};

/// Filled by `cjpeg_load`; read only after it returned NULL.
extern struct cjpeg_api cjpeg_api;

#ifndef CJPEG_LOADER
#define jpeg_CreateCompress (cjpeg_api.jpeg_CreateCompress)
#define jpeg_CreateDecompress (cjpeg_api.jpeg_CreateDecompress)
#define jpeg_calc_output_dimensions (cjpeg_api.jpeg_calc_output_dimensions)
#define jpeg_abort_decompress (cjpeg_api.jpeg_abort_decompress)
#define jpeg_crop_scanline (cjpeg_api.jpeg_crop_scanline)
#define jpeg_skip_scanlines (cjpeg_api.jpeg_skip_scanlines)
#define jpeg_destroy_compress (cjpeg_api.jpeg_destroy_compress)
#define jpeg_destroy_decompress (cjpeg_api.jpeg_destroy_decompress)
#define jpeg_finish_compress (cjpeg_api.jpeg_finish_compress)
#define jpeg_finish_decompress (cjpeg_api.jpeg_finish_decompress)
#define jpeg_mem_src (cjpeg_api.jpeg_mem_src)
#define jpeg_read_header (cjpeg_api.jpeg_read_header)
#define jpeg_read_scanlines (cjpeg_api.jpeg_read_scanlines)
#define jpeg_save_markers (cjpeg_api.jpeg_save_markers)
#define jpeg_set_colorspace (cjpeg_api.jpeg_set_colorspace)
#define jpeg_set_defaults (cjpeg_api.jpeg_set_defaults)
#define jpeg_set_quality (cjpeg_api.jpeg_set_quality)
#define jpeg_simple_progression (cjpeg_api.jpeg_simple_progression)
#define jpeg_start_compress (cjpeg_api.jpeg_start_compress)
#define jpeg_start_decompress (cjpeg_api.jpeg_start_decompress)
#define jpeg_std_error (cjpeg_api.jpeg_std_error)
#define jpeg_write_scanlines (cjpeg_api.jpeg_write_scanlines)
#endif

#endif
