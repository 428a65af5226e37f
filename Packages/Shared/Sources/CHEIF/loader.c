// libheif, opened at the first HEIC (see api.h).
#define CHEIF_LOADER
#include "api.h"
#include "CHEIF.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cheif_api cheif_api;

static const char *const names[] = {
#define CHEIF_NAME(name) #name,
    CHEIF_FUNCTIONS(CHEIF_NAME)
#undef CHEIF_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cheif_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CHEIF_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cheif_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cheif_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
