// libavif's functions as this shim calls them: through a table filled at the first picture
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libavif; a call to a function missing from the list fails the link, never silently.
#ifndef CAVIF_API_H
#define CAVIF_API_H

#include <avif/avif.h>

#define CAVIF_FUNCTIONS(X)                                                                        \
    X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderNextImage) X(avifDecoderParse)        \
    X(avifDecoderSetIOMemory) X(avifEncoderCreate) X(avifEncoderDestroy) X(avifEncoderWrite)      \
    X(avifImageCreate) X(avifImageDestroy) X(avifImageRGBToYUV) X(avifImageYUVToRGB)              \
    X(avifRGBImageSetDefaults) X(avifRWDataFree) X(avifResultToString)

struct cavif_api {
#define CAVIF_SLOT(name) __typeof__(name) *name;
    CAVIF_FUNCTIONS(CAVIF_SLOT)
#undef CAVIF_SLOT
};

/// Filled by `cavif_load`; read only after it returned NULL.
extern struct cavif_api cavif_api;

#ifndef CAVIF_LOADER
#define avifDecoderCreate (cavif_api.avifDecoderCreate)
#define avifDecoderDestroy (cavif_api.avifDecoderDestroy)
#define avifDecoderNextImage (cavif_api.avifDecoderNextImage)
#define avifDecoderParse (cavif_api.avifDecoderParse)
#define avifDecoderSetIOMemory (cavif_api.avifDecoderSetIOMemory)
#define avifEncoderCreate (cavif_api.avifEncoderCreate)
#define avifEncoderDestroy (cavif_api.avifEncoderDestroy)
#define avifEncoderWrite (cavif_api.avifEncoderWrite)
#define avifImageCreate (cavif_api.avifImageCreate)
#define avifImageDestroy (cavif_api.avifImageDestroy)
#define avifImageRGBToYUV (cavif_api.avifImageRGBToYUV)
#define avifImageYUVToRGB (cavif_api.avifImageYUVToRGB)
#define avifRGBImageSetDefaults (cavif_api.avifRGBImageSetDefaults)
#define avifRWDataFree (cavif_api.avifRWDataFree)
#define avifResultToString (cavif_api.avifResultToString)
#endif

#endif
