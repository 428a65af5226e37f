#include "CExif.h"

#include <stdlib.h>
#include <string.h>
#include "api.h"

static const uint8_t exif_header[6] = { 'E', 'x', 'i', 'f', 0, 0 };

int cexif_orientation(const uint8_t *data, size_t size) {
    if (data == NULL || size < 8 || size > 0xFFFFFF) return 0;
    if (cexif_load() != NULL) return 0;
    // libexif looks for the "Exif\0\0" header; WebP's chunk holds the TIFF structure alone.
    uint8_t *owned = NULL;
    if (memcmp(data, exif_header, 6) != 0) {
        owned = malloc(size + 6);
        if (owned == NULL) return 0;
        memcpy(owned, exif_header, 6);
        memcpy(owned + 6, data, size);
        data = owned;
        size += 6;
    }
    ExifData *exif = exif_data_new();
    int orientation = 0;
    if (exif != NULL) {
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
        exif_data_load_data(exif, data, (unsigned int)size);
        ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        if (entry != NULL && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->data != NULL
            && entry->size >= 2) {
            ExifShort value = exif_get_short(entry->data, exif_data_get_byte_order(exif));
            if (value >= 1 && value <= 8) orientation = value;
        }
        exif_data_unref(exif);
    }
    free(owned);
    return orientation;
}
