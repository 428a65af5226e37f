// libjpeg, opened at the first JPEG (see api.h).
#define CJPEG_LOADER
#include "api.h"
#include "CJPEG.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cjpeg_api cjpeg_api;

static const char *const names[] = {
#define CJPEG_NAME(name) #name,
    CJPEG_FUNCTIONS(CJPEG_NAME)
#undef CJPEG_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cjpeg_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CJPEG_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cjpeg_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cjpeg_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
