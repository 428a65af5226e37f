// libexif, opened at the first Exif block (see api.h).
#define CEXIF_LOADER
#include "api.h"
#include "CExif.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cexif_api cexif_api;

static const char *const names[] = {
#define CEXIF_NAME(name) #name,
    CEXIF_FUNCTIONS(CEXIF_NAME)
#undef CEXIF_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cexif_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CEXIF_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cexif_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cexif_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
