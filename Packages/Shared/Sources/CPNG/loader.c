// libpng, opened at the first PNG (see api.h).
#define CPNG_LOADER
#include "api.h"
#include "CPNG.h"

#include "CCodecLoader.h"
#include <pthread.h>

struct cpng_api cpng_api;

static const char *const names[] = {
#define CPNG_NAME(name) #name,
    CPNG_FUNCTIONS(CPNG_NAME)
#undef CPNG_NAME
};
_Static_assert(sizeof names / sizeof *names * sizeof(void *) == sizeof(struct cpng_api), "one slot per name");

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load_once(void) {
    static const char *const libraries[] = {CPNG_LIBRARY};
    ccodec_open(libraries, sizeof libraries / sizeof *libraries, names, (void **)&cpng_api,
                sizeof names / sizeof *names, failure, sizeof failure);
}

const char *cpng_load(void) {
    pthread_once(&once, load_once);
    return failure[0] != 0 ? failure : NULL;
}
