// libwebp, opened at the first WebP (see api.h).
#define CWEBP_LOADER
#include "api.h"
#include "CWebP.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cwebp_api cwebp_api;

static const char *const names[] = {
#define CWEBP_NAME(name) #name,
    CWEBP_FUNCTIONS(CWEBP_NAME)
#undef CWEBP_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cwebp_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CWEBP_LIBRARY, CWEBP_DEMUX_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cwebp_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cwebp_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
