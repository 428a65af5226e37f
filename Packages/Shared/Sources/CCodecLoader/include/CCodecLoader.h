// Opens an image codec library at the first picture that needs it, the way CCurl opens libcurl.
//
// A library linked at build time is mapped, with everything it needs, at every start of every
// executable that links it: libheif and libavif alone bring some forty (HEVC and AV1 encoders and
// decoders, Abseil...), which `lookup --help` has no use for. Each codec shim (CJPEG, CAVIF...)
// therefore calls its library through a table of function pointers that this fills from the
// library's soname. The shims still compile against the -dev packages' headers, which give the
// table its types.
#ifndef CCODECLOADER_H
#define CCODECLOADER_H

#include <stddef.h>

/// Opens the `library_count` sonames in `libraries` (the first is the one named in errors), then
/// looks up each of the `count` functions in `names`, in any of them, into `slots[i]`.
/// Returns 0 when every function was found; otherwise writes why into `error` (`error_size`
/// bytes, NUL-terminated) and returns -1, leaving the libraries that did open mapped.
int ccodec_open(const char *const libraries[], size_t library_count, const char *const names[],
                void *slots[], size_t count, char *error, size_t error_size);

#endif
