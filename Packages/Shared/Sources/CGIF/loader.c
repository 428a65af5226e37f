// giflib, opened at the first GIF (see api.h).
#define CGIF_LOADER
#include "api.h"
#include "CGIF.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cgif_api cgif_api;

static const char *const names[] = {
#define CGIF_NAME(name) #name,
    CGIF_FUNCTIONS(CGIF_NAME)
#undef CGIF_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cgif_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CGIF_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cgif_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cgif_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
