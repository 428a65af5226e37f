// giflib's functions as this shim calls them: through a table filled at the first GIF
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain giflib; a call to a function missing from the list fails the link, never silently.
#ifndef CGIF_API_H
#define CGIF_API_H

#include <gif_lib.h>

#define CGIF_FUNCTIONS(X) \
    X(DGifCloseFile) X(DGifExtensionToGCB) X(DGifGetExtension) X(DGifGetExtensionNext)            \
    X(DGifGetImageDesc) X(DGifGetLine) X(DGifGetRecordType) X(DGifOpen) X(EGifCloseFile)          \
    X(EGifGCBToExtension) X(EGifOpen) X(EGifPutExtension) X(EGifPutExtensionBlock)                \
    X(EGifPutExtensionLeader) X(EGifPutExtensionTrailer) X(EGifPutImageDesc) X(EGifPutLine)       \
    X(EGifPutScreenDesc) X(EGifSetGifVersion) X(GifErrorString) X(GifFreeMapObject)               \
    X(GifMakeMapObject)

struct cgif_api {
#define CGIF_SLOT(name) __typeof__(name) *name;
    CGIF_FUNCTIONS(CGIF_SLOT)
#undef CGIF_SLOT
};

/// Filled by `cgif_load`; read only after it returned NULL.
extern struct cgif_api cgif_api;

#ifndef CGIF_LOADER
#define DGifCloseFile (cgif_api.DGifCloseFile)
#define DGifExtensionToGCB (cgif_api.DGifExtensionToGCB)
#define DGifGetExtension (cgif_api.DGifGetExtension)
#define DGifGetExtensionNext (cgif_api.DGifGetExtensionNext)
#define DGifGetImageDesc (cgif_api.DGifGetImageDesc)
#define DGifGetLine (cgif_api.DGifGetLine)
#define DGifGetRecordType (cgif_api.DGifGetRecordType)
#define DGifOpen (cgif_api.DGifOpen)
#define EGifCloseFile (cgif_api.EGifCloseFile)
#define EGifGCBToExtension (cgif_api.EGifGCBToExtension)
#define EGifOpen (cgif_api.EGifOpen)
#define EGifPutExtension (cgif_api.EGifPutExtension)
#define EGifPutExtensionBlock (cgif_api.EGifPutExtensionBlock)
#define EGifPutExtensionLeader (cgif_api.EGifPutExtensionLeader)
#define EGifPutExtensionTrailer (cgif_api.EGifPutExtensionTrailer)
#define EGifPutImageDesc (cgif_api.EGifPutImageDesc)
#define EGifPutLine (cgif_api.EGifPutLine)
#define EGifPutScreenDesc (cgif_api.EGifPutScreenDesc)
#define EGifSetGifVersion (cgif_api.EGifSetGifVersion)
#define GifErrorString (cgif_api.GifErrorString)
#define GifFreeMapObject (cgif_api.GifFreeMapObject)
#define GifMakeMapObject (cgif_api.GifMakeMapObject)
#endif

#endif
