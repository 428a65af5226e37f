// libexif's functions as this shim calls them: through a table filled at the first Exif block
// (see CCodecLoader.h), never linked. Each name below is redirected to its slot, so the shim reads
// as plain libexif; a call to a function missing from the list fails the link, never silently.
#ifndef CEXIF_API_H
#define CEXIF_API_H

#include <libexif/exif-data.h>

#define CEXIF_FUNCTIONS(X) \
    X(exif_content_get_entry) X(exif_data_get_byte_order) X(exif_data_load_data)                  \
    X(exif_data_new) X(exif_data_unref) X(exif_data_unset_option) X(exif_get_short)

struct cexif_api {
#define CEXIF_SLOT(name) __typeof__(name) *name;
    CEXIF_FUNCTIONS(CEXIF_SLOT)
#undef CEXIF_SLOT
};

/// Filled by `cexif_load`; read only after it returned NULL.
extern struct cexif_api cexif_api;

#ifndef CEXIF_LOADER
#define exif_content_get_entry (cexif_api.exif_content_get_entry)
#define exif_data_get_byte_order (cexif_api.exif_data_get_byte_order)
#define exif_data_load_data (cexif_api.exif_data_load_data)
#define exif_data_new (cexif_api.exif_data_new)
#define exif_data_unref (cexif_api.exif_data_unref)
#define exif_data_unset_option (cexif_api.exif_data_unset_option)
#define exif_get_short (cexif_api.exif_get_short)
#endif

#endif
