#include "CLCMS.h"

#include <stdlib.h>
#include <string.h>
#include "api.h"

struct clcms_transform {
    cmsHTRANSFORM transform;
    int alpha_from_input;
};

static void silent(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

/// A transform from `profile` (which it closes) to sRGB, or NULL.
static clcms_transform *transform_to_srgb(cmsHPROFILE profile, clcms_input input) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    if (srgb == NULL) {
        cmsCloseProfile(profile);
        return NULL;
    }
    cmsUInt32Number in_format = input == CLCMS_INPUT_RGBA ? TYPE_RGBA_8
        : input == CLCMS_INPUT_CMYK ? TYPE_CMYK_8 : TYPE_CMYK_8_REV;
    cmsUInt32Number flags = input == CLCMS_INPUT_RGBA ? cmsFLAGS_COPY_ALPHA : 0;
    cmsHTRANSFORM transform = cmsCreateTransform(profile, in_format, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL, flags);
    cmsCloseProfile(profile);
    cmsCloseProfile(srgb);
    if (transform == NULL) return NULL;
    clcms_transform *result = calloc(1, sizeof(clcms_transform));
    if (result == NULL) {
        cmsDeleteTransform(transform);
        return NULL;
    }
    result->transform = transform;
    result->alpha_from_input = input == CLCMS_INPUT_RGBA;
    return result;
}

clcms_transform *clcms_transform_create(const uint8_t *icc, size_t size, clcms_input input) {
    if (icc == NULL || size < 132) return NULL;
    if (clcms_load() != NULL) return NULL;
    cmsSetLogErrorHandler(silent);
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (profile == NULL) return NULL;
    cmsColorSpaceSignature space = cmsGetColorSpace(profile);
    int matches = input == CLCMS_INPUT_RGBA ? space == cmsSigRgbData : space == cmsSigCmykData;
    if (!matches) {
        cmsCloseProfile(profile);
        return NULL;
    }
    // Most photos carry sRGB itself: converting it to sRGB would only cost time.
    char description[128] = { 0 };
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof(description));
    if (input == CLCMS_INPUT_RGBA && strstr(description, "sRGB") != NULL) {
        cmsCloseProfile(profile);
        return NULL;
    }
    return transform_to_srgb(profile, input);
}

void clcms_transform_destroy(clcms_transform *transform) {
    if (transform == NULL) return;
    cmsDeleteTransform(transform->transform);
    free(transform);
}

void clcms_transform_apply(const clcms_transform *transform, const uint8_t *src, uint8_t *dst, size_t pixels) {
    // lcms2 counts pixels in 32 bits: go in slices.
    const size_t slice = 1u << 20;
    for (size_t done = 0; done < pixels; done += slice) {
        size_t n = pixels - done < slice ? pixels - done : slice;
        cmsDoTransform(transform->transform, src + done * 4, dst + done * 4, (cmsUInt32Number)n);
        if (!transform->alpha_from_input) {
            for (size_t i = 0; i < n; i++) dst[(done + i) * 4 + 3] = 255;
        }
    }
}

/// The sRGB curve: IEC 61966-2-1's parametric form.
static cmsToneCurve *srgb_curve(void) {
    cmsFloat64Number parameters[5] = { 2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045 };
    return cmsBuildParametricToneCurve(NULL, 4, parameters);
}

/// An RGB matrix-shaper profile of `curve` on every channel (which it frees), or NULL.
static cmsHPROFILE rgb_profile(const cmsCIExyY *white, const cmsCIExyYTRIPLE *primaries, cmsToneCurve *curve) {
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = { curve, curve, curve };
    cmsHPROFILE profile = cmsCreateRGBProfile(white, primaries, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

clcms_transform *clcms_transform_create_rgb(double rx, double ry, double gx, double gy, double bx, double by,
                                            double wx, double wy, double exponent) {
    if (clcms_load() != NULL) return NULL;
    cmsSetLogErrorHandler(silent);
    cmsCIExyY white = { wx, wy, 1.0 };
    cmsCIExyYTRIPLE primaries = { { rx, ry, 1.0 }, { gx, gy, 1.0 }, { bx, by, 1.0 } };
    cmsHPROFILE profile = rgb_profile(&white, &primaries, exponent > 0 ? cmsBuildGamma(NULL, exponent) : srgb_curve());
    return profile == NULL ? NULL : transform_to_srgb(profile, CLCMS_INPUT_RGBA);
}

static uint8_t *save_rgb_profile(const cmsCIExyY *white, const cmsCIExyYTRIPLE *primaries, cmsToneCurve *curve,
                                 size_t *size) {
    *size = 0;
    cmsHPROFILE profile = rgb_profile(white, primaries, curve);
    if (profile == NULL) return NULL;
    cmsUInt32Number bytes = 0;
    uint8_t *buffer = NULL;
    if (cmsSaveProfileToMem(profile, NULL, &bytes) && bytes > 0 && (buffer = malloc(bytes)) != NULL) {
        if (!cmsSaveProfileToMem(profile, buffer, &bytes)) {
            free(buffer);
            buffer = NULL;
        } else {
            *size = bytes;
        }
    }
    cmsCloseProfile(profile);
    return buffer;
}

uint8_t *clcms_make_rgb_profile(double rx, double ry, double gx, double gy, double bx, double by,
                                double wx, double wy, size_t *size) {
    if (clcms_load() != NULL) return NULL;
    cmsCIExyY white = { wx, wy, 1.0 };
    cmsCIExyYTRIPLE primaries = { { rx, ry, 1.0 }, { gx, gy, 1.0 }, { bx, by, 1.0 } };
    return save_rgb_profile(&white, &primaries, srgb_curve(), size);
}

uint8_t *clcms_make_gamma_profile(double exponent, size_t *size) {
    if (clcms_load() != NULL) return NULL;
    cmsCIExyY white = { 0.3127, 0.3290, 1.0 };
    cmsCIExyYTRIPLE primaries = { { 0.64, 0.33, 1.0 }, { 0.30, 0.60, 1.0 }, { 0.15, 0.06, 1.0 } };
    return save_rgb_profile(&white, &primaries, cmsBuildGamma(NULL, exponent), size);
}

void clcms_free(void *buffer) { free(buffer); }
