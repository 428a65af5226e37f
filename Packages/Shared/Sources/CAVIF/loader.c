// libavif, opened at the first AVIF (see api.h).
#define CAVIF_LOADER
#include "api.h"
#include "CAVIF.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cavif_api cavif_api;

static const char *const names[] = {
#define CAVIF_NAME(name) #name,
    CAVIF_FUNCTIONS(CAVIF_NAME)
#undef CAVIF_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cavif_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CAVIF_LIBRARY};
    ccodec_open(libraries, 1, names, (void **)&cavif_api, sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cavif_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
