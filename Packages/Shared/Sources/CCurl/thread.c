#define _GNU_SOURCE
#include <pthread.h>
#include "CCurl.h"

void ccurl_name_thread(const char *name) {
    pthread_setname_np(pthread_self(), name);
}
