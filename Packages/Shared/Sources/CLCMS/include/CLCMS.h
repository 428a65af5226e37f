#ifndef CLCMS_H
#define CLCMS_H
// A small shim over Little CMS 2 (lcms2): embedded ICC profiles to sRGB.
//
// lcms2 reports problems through a log handler and never exits; the shim installs a silent one,
// so a broken profile just gives no transform (and the picture is taken as sRGB, as browsers do).
//
// Little CMS is not linked: opened at the first colour profile (see CCodecLoader.h), so a process that
// never meets one never maps it.
#include <stddef.h>
#include <stdint.h>

/// The library `clcms_load` opens.
#define CLCMS_LIBRARY "liblcms2.so.2"

/// Opens Little CMS if it is not open yet. Returns NULL when ready, or why it could not be
/// opened (the text stays valid for the life of the process). The other functions need it ready.
const char *clcms_load(void);

/// How the pixels handed to a transform are laid out.
typedef enum {
    /// R, G, B, A bytes; alpha is copied through.
    CLCMS_INPUT_RGBA = 0,
    /// C, M, Y, K bytes, 255 meaning full ink.
    CLCMS_INPUT_CMYK = 1,
    /// C, M, Y, K bytes stored inverted (255 meaning no ink), as Adobe writes CMYK and YCCK JPEGs.
    CLCMS_INPUT_CMYK_INVERTED = 2
} clcms_input;

typedef struct clcms_transform clcms_transform;

/// A transform from the profile to sRGB for pixels laid out as `input`, or NULL when the profile
/// is damaged, describes another colour space than `input`, or is sRGB already.
clcms_transform *clcms_transform_create(const uint8_t *icc, size_t size, clcms_input input);
void clcms_transform_destroy(clcms_transform *transform);
/// Converts `pixels` pixels of `src` into RGBA at `dst` (which may be `src`); alpha is copied
/// from RGBA input and 255 for CMYK.
void clcms_transform_apply(const clcms_transform *transform, const uint8_t *src, uint8_t *dst, size_t pixels);

/// A transform to sRGB for RGBA pixels in the RGB space of the given primaries and white point (xy
/// chromaticities) with a pure power tone curve of `exponent`, or the sRGB curve when `exponent` is
/// 0: for pictures whose colour is described by code points (AVIF's and HEIC's `nclx`) rather
/// than a profile. NULL when Little CMS cannot build it. Alpha is copied through.
clcms_transform *clcms_transform_create_rgb(double rx, double ry, double gx, double gy, double bx, double by,
                                            double wx, double wy, double exponent);

/// An RGB profile with the given primaries and white point (xy chromaticities) and the sRGB
/// tone curve, written to a malloc'd buffer the caller frees with `clcms_free`: for tests and demo
/// pictures of wide-gamut colour.
uint8_t *clcms_make_rgb_profile(double rx, double ry, double gx, double gy, double bx, double by,
                                double wx, double wy, size_t *size);
/// An RGB profile with the sRGB primaries and D65 white and a pure power curve of `exponent` (2.2 for
/// the classic display gamma), written like `clcms_make_rgb_profile`: for PNG's gAMA chunk.
uint8_t *clcms_make_gamma_profile(double exponent, size_t *size);
void clcms_free(void *buffer);

#endif
