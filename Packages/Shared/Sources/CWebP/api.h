// libwebp's functions as this shim calls them: through a table filled at the first WebP
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libwebp; a call to a function missing from the list fails the link, never silently.
#ifndef CWEBP_API_H
#define CWEBP_API_H

#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

#define CWEBP_FUNCTIONS(X) \
    X(WebPAnimDecoderDelete) X(WebPAnimDecoderGetInfo) X(WebPAnimDecoderGetNext)                  \
    X(WebPAnimDecoderHasMoreFrames) X(WebPAnimDecoderNewInternal)                                 \
    X(WebPAnimDecoderOptionsInitInternal) X(WebPDecode) X(WebPDemuxDelete) X(WebPDemuxGetChunk)   \
    X(WebPDemuxGetI) X(WebPDemuxInternal) X(WebPDemuxReleaseChunkIterator) X(WebPEncodeRGBA)      \
    X(WebPFree) X(WebPFreeDecBuffer) X(WebPGetFeaturesInternal) X(WebPInitDecoderConfigInternal)

struct cwebp_api {
#define CWEBP_SLOT(name) __typeof__(name) *name;
    CWEBP_FUNCTIONS(CWEBP_SLOT)
#undef CWEBP_SLOT
};

/// Filled by `cwebp_load`; read only after it returned NULL.
extern struct cwebp_api cwebp_api;

#ifndef CWEBP_LOADER
#define WebPAnimDecoderDelete (cwebp_api.WebPAnimDecoderDelete)
#define WebPAnimDecoderGetInfo (cwebp_api.WebPAnimDecoderGetInfo)
#define WebPAnimDecoderGetNext (cwebp_api.WebPAnimDecoderGetNext)
#define WebPAnimDecoderHasMoreFrames (cwebp_api.WebPAnimDecoderHasMoreFrames)
#define WebPAnimDecoderNewInternal (cwebp_api.WebPAnimDecoderNewInternal)
#define WebPAnimDecoderOptionsInitInternal (cwebp_api.WebPAnimDecoderOptionsInitInternal)
#define WebPDecode (cwebp_api.WebPDecode)
#define WebPDemuxDelete (cwebp_api.WebPDemuxDelete)
#define WebPDemuxGetChunk (cwebp_api.WebPDemuxGetChunk)
#define WebPDemuxGetI (cwebp_api.WebPDemuxGetI)
#define WebPDemuxInternal (cwebp_api.WebPDemuxInternal)
#define WebPDemuxReleaseChunkIterator (cwebp_api.WebPDemuxReleaseChunkIterator)
#define WebPEncodeRGBA (cwebp_api.WebPEncodeRGBA)
#define WebPFree (cwebp_api.WebPFree)
#define WebPFreeDecBuffer (cwebp_api.WebPFreeDecBuffer)
#define WebPGetFeaturesInternal (cwebp_api.WebPGetFeaturesInternal)
#define WebPInitDecoderConfigInternal (cwebp_api.WebPInitDecoderConfigInternal)

// The headers' inline wrappers were compiled before the names above were redirected, so they
// would call the library's own symbols: the shim reaches the functions they wrap through these.
#define WebPGetFeatures(data, size, features) \
    WebPGetFeaturesInternal(data, size, features, WEBP_DECODER_ABI_VERSION)
#define WebPInitDecoderConfig(config) WebPInitDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION)
#define WebPDemuxPartial(data, state) WebPDemuxInternal(data, 1, state, WEBP_DEMUX_ABI_VERSION)
#define WebPAnimDecoderOptionsInit(options) \
    WebPAnimDecoderOptionsInitInternal(options, WEBP_DEMUX_ABI_VERSION)
#define WebPAnimDecoderNew(data, options) WebPAnimDecoderNewInternal(data, options, WEBP_DEMUX_ABI_VERSION)
#endif

#endif
