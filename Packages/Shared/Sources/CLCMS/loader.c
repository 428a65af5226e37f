// Little CMS, opened at the first colour profile (see api.h).
#define CLCMS_LOADER
#include "api.h"
#include "CLCMS.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct clcms_api clcms_api;

static const char *const names[] = {
#define CLCMS_NAME(name) #name,
    CLCMS_FUNCTIONS(CLCMS_NAME)
#undef CLCMS_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct clcms_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CLCMS_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&clcms_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *clcms_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
