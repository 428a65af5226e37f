// libcurl, loaded on first use (see CCurl.h): each function below loads libcurl.so.4 once, then
// forwards to it. They are the ones the workbench and FoundationNetworking call; a function added
// to either must be added here, or the link fails with an undefined `curl_...`, never silently.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

// The real functions. The variadic ones are reached with their single argument already read.
static struct {
    int loaded;
    char error[512];
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_pause)(CURL *, int);
    const char *(*easy_strerror)(CURLcode);
    void (*free_)(void *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_assign)(CURLM *, curl_socket_t, void *);
    CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    char *(*version)(void);
    curl_version_info_data *(*version_info)(CURLversion);
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
    // Lazily bound: of the thousands of functions in libcurl and its libraries, a run calls a few dozen.
    void *handle = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(lib.error, sizeof lib.error, "libcurl could not be loaded: %s", dlerror());
        return;
    }
    const char *missing = NULL;
#define BIND(field, name) \
    if ((*(void **)&lib.field = dlsym(handle, name)) == NULL && missing == NULL) missing = name;
    BIND(global_init, "curl_global_init")
    BIND(easy_init, "curl_easy_init")
    BIND(easy_cleanup, "curl_easy_cleanup")
    BIND(easy_setopt, "curl_easy_setopt")
    BIND(easy_getinfo, "curl_easy_getinfo")
    BIND(easy_pause, "curl_easy_pause")
    BIND(easy_strerror, "curl_easy_strerror")
    BIND(free_, "curl_free")
    BIND(multi_init, "curl_multi_init")
    BIND(multi_cleanup, "curl_multi_cleanup")
    BIND(multi_add_handle, "curl_multi_add_handle")
    BIND(multi_remove_handle, "curl_multi_remove_handle")
    BIND(multi_setopt, "curl_multi_setopt")
    BIND(multi_assign, "curl_multi_assign")
    BIND(multi_socket_action, "curl_multi_socket_action")
    BIND(multi_info_read, "curl_multi_info_read")
    BIND(multi_perform, "curl_multi_perform")
    BIND(multi_poll, "curl_multi_poll")
    BIND(multi_wakeup, "curl_multi_wakeup")
    BIND(slist_append, "curl_slist_append")
    BIND(slist_free_all, "curl_slist_free_all")
    BIND(url, "curl_url")
    BIND(url_get, "curl_url_get")
    BIND(url_set, "curl_url_set")
    BIND(version, "curl_version")
    BIND(version_info, "curl_version_info")
#undef BIND
    if (missing != NULL) {
        snprintf(lib.error, sizeof lib.error, "libcurl.so.4 is too old: it has no %s (7.68 or later is needed)", missing);
        return;
    }
    lib.loaded = 1;
}

const char *ccurl_load(void) {
    pthread_once(&once, load_once);
    return lib.loaded ? NULL : lib.error;
}

// libcurl's global set-up (OpenSSL's) runs right after the load, under a pthread_once of its own:
// a thread that needs it meanwhile sleeps in the kernel until it is done. A Swift global's
// initializer would do the same job, but its waiters take a priority-inheriting futex, on which
// the kernel spins while the owner runs: a whole core burned for as long as OpenSSL's set-up takes,
// and every page-table change of the thread doing the set-up then interrupts that core too.
static pthread_once_t prepared = PTHREAD_ONCE_INIT;

static void prepare_once(void) {
    if (ccurl_load() == NULL) lib.global_init(CURL_GLOBAL_DEFAULT);
}

const char *ccurl_prepare(void) {
    pthread_once(&prepared, prepare_once);
    return lib.loaded ? NULL : lib.error;
}

static int ready(void) { return ccurl_load() == NULL; }

// The one argument after an option is read as the type the option's number says, as libcurl
// itself reads it: a long, a pointer (objects, strings, lists, blobs), a function or a curl_off_t.
// Easy and multi options number their types alike (CURLOPTTYPE_*).
#define FORWARD_BY_OPTION_TYPE(result, real, handle, option, arguments)                  \
    do {                                                                                  \
        if ((option) < CURLOPTTYPE_OBJECTPOINT) {                                         \
            result = real(handle, option, va_arg(arguments, long));                       \
        } else if ((option) < CURLOPTTYPE_FUNCTIONPOINT) {                                \
            result = real(handle, option, va_arg(arguments, void *));                     \
        } else if ((option) < CURLOPTTYPE_OFF_T) {                                        \
            result = real(handle, option, va_arg(arguments, void (*)(void)));             \
        } else if ((option) < CURLOPTTYPE_BLOB) {                                         \
            result = real(handle, option, va_arg(arguments, curl_off_t));                 \
        } else {                                                                          \
            result = real(handle, option, va_arg(arguments, void *));                     \
        }                                                                                 \
    } while (0)

// MARK: Global and easy

CURLcode curl_global_init(long flags) { return ready() ? lib.global_init(flags) : CURLE_FAILED_INIT; }

CURL *curl_easy_init(void) { return ready() ? lib.easy_init() : NULL; }

void curl_easy_cleanup(CURL *handle) {
    if (ready()) lib.easy_cleanup(handle);
}

CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
    if (!ready()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, option);
    CURLcode result;
    FORWARD_BY_OPTION_TYPE(result, lib.easy_setopt, handle, option, arguments);
    va_end(arguments);
    return result;
}

// Every CURLINFO takes a pointer to where the answer goes.
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    if (!ready()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, info);
    CURLcode result = lib.easy_getinfo(handle, info, va_arg(arguments, void *));
    va_end(arguments);
    return result;
}

CURLcode curl_easy_pause(CURL *handle, int bitmask) {
    return ready() ? lib.easy_pause(handle, bitmask) : CURLE_FAILED_INIT;
}

const char *curl_easy_strerror(CURLcode code) {
    return ready() ? lib.easy_strerror(code) : lib.error;
}

void curl_free(void *pointer) {
    if (ready()) lib.free_(pointer);
}

// MARK: Multi

CURLM *curl_multi_init(void) { return ready() ? lib.multi_init() : NULL; }

CURLMcode curl_multi_cleanup(CURLM *multi) { return ready() ? lib.multi_cleanup(multi) : CURLM_INTERNAL_ERROR; }

CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return ready() ? lib.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return ready() ? lib.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
    if (!ready()) return CURLM_INTERNAL_ERROR;
    va_list arguments;
    va_start(arguments, option);
    CURLMcode result;
    FORWARD_BY_OPTION_TYPE(result, lib.multi_setopt, multi, option, arguments);
    va_end(arguments);
    return result;
}

CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *pointer) {
    return ready() ? lib.multi_assign(multi, socket, pointer) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int mask, int *running) {
    return ready() ? lib.multi_socket_action(multi, socket, mask, running) : CURLM_INTERNAL_ERROR;
}

CURLMsg *curl_multi_info_read(CURLM *multi, int *queued) {
    return ready() ? lib.multi_info_read(multi, queued) : NULL;
}

CURLMcode curl_multi_perform(CURLM *multi, int *running) {
    return ready() ? lib.multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready_count) {
    return ready() ? lib.multi_poll(multi, extra, count, timeout, ready_count) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_wakeup(CURLM *multi) { return ready() ? lib.multi_wakeup(multi) : CURLM_INTERNAL_ERROR; }

// MARK: Lists, URLs, version

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) {
    return ready() ? lib.slist_append(list, text) : NULL;
}

void curl_slist_free_all(struct curl_slist *list) {
    if (ready()) lib.slist_free_all(list);
}

CURLU *curl_url(void) { return ready() ? lib.url() : NULL; }

CURLUcode curl_url_get(CURLU *url, CURLUPart part, char **value, unsigned int flags) {
    return ready() ? lib.url_get(url, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode curl_url_set(CURLU *url, CURLUPart part, const char *value, unsigned int flags) {
    return ready() ? lib.url_set(url, part, value, flags) : CURLUE_OUT_OF_MEMORY;
}

char *curl_version(void) { return ready() ? lib.version() : lib.error; }

curl_version_info_data *curl_version_info(CURLversion age) { return ready() ? lib.version_info(age) : NULL; }
