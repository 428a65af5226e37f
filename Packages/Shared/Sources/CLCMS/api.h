// Little CMS's functions as this shim calls them: through a table filled at the first colour profile
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain Little CMS; a call to a function missing from the list fails the link, never silently.
#ifndef CLCMS_API_H
#define CLCMS_API_H

#include <lcms2.h>

#define CLCMS_FUNCTIONS(X) \
    X(cmsBuildGamma) X(cmsBuildParametricToneCurve) X(cmsCloseProfile) X(cmsCreateRGBProfile)     \
    X(cmsCreateTransform) X(cmsCreate_sRGBProfile) X(cmsDeleteTransform) X(cmsDoTransform)        \
    X(cmsFreeToneCurve) X(cmsGetColorSpace) X(cmsGetProfileInfoASCII) X(cmsOpenProfileFromMem)    \
    X(cmsSaveProfileToMem) X(cmsSetLogErrorHandler)

struct clcms_api {
#define CLCMS_SLOT(name) __typeof__(name) *name;
    CLCMS_FUNCTIONS(CLCMS_SLOT)
#undef CLCMS_SLOT
};

/// Filled by `clcms_load`; read only after it returned NULL.
extern struct clcms_api clcms_api;

#ifndef CLCMS_LOADER
#define cmsBuildGamma (clcms_api.cmsBuildGamma)
#define cmsBuildParametricToneCurve (clcms_api.cmsBuildParametricToneCurve)
#define cmsCloseProfile (clcms_api.cmsCloseProfile)
#define cmsCreateRGBProfile (clcms_api.cmsCreateRGBProfile)
#define cmsCreateTransform (clcms_api.cmsCreateTransform)
#define cmsCreate_sRGBProfile (clcms_api.cmsCreate_sRGBProfile)
#define cmsDeleteTransform (clcms_api.cmsDeleteTransform)
#define cmsDoTransform (clcms_api.cmsDoTransform)
#define cmsFreeToneCurve (clcms_api.cmsFreeToneCurve)
#define cmsGetColorSpace (clcms_api.cmsGetColorSpace)
#define cmsGetProfileInfoASCII (clcms_api.cmsGetProfileInfoASCII)
#define cmsOpenProfileFromMem (clcms_api.cmsOpenProfileFromMem)
#define cmsSaveProfileToMem (clcms_api.cmsSaveProfileToMem)
#define cmsSetLogErrorHandler (clcms_api.cmsSetLogErrorHandler)
#endif

#endif
