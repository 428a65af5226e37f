#include "CCodecLoader.h"

#include <dlfcn.h>
#include <stdio.h>

int ccodec_open(const char *const libraries[], size_t library_count, const char *const names[],
                void *slots[], size_t count, char *error, size_t error_size) {
    void *handles[4] = {NULL};
    if (library_count > sizeof handles / sizeof *handles) {
        snprintf(error, error_size, "%s: too many libraries to open", libraries[0]);
        return -1;
    }
    for (size_t index = 0; index < library_count; index++) {
        // Lazily bound and kept to itself: a run calls a few of the library's functions, and its
        // symbols must not answer for anyone else's.
        handles[index] = dlopen(libraries[index], RTLD_LAZY | RTLD_LOCAL);
        if (handles[index] == NULL) {
            const char *reason = dlerror();
            snprintf(error, error_size, "%s", reason != NULL ? reason : libraries[index]);
            return -1;
        }
    }
    for (size_t name = 0; name < count; name++) {
        slots[name] = NULL;
        for (size_t index = 0; index < library_count && slots[name] == NULL; index++) {
            slots[name] = dlsym(handles[index], names[name]);
        }
        if (slots[name] == NULL) {
            snprintf(error, error_size, "%s has no %s: it is older than the headers this was built with",
                     libraries[0], names[name]);
            return -1;
        }
    }
    return 0;
}
