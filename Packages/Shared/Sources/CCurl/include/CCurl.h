// A thin shim over libcurl for Swift, in two parts.
//
// - Typed wrappers: curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call,
//   so each argument type gets a wrapper.
// - Loading on first use: the process is not linked against libcurl. libcurl and the twenty-odd
//   libraries it needs (TLS, Kerberos, LDAP, SSH...) cost more CPU to map and relocate than the rest
//   of a short run, and a run that never goes to the network (a warm cache, --help, a usage error)
//   has no use for them. This shim defines the libcurl functions that the workbench and
//   FoundationNetworking call; the first call loads libcurl.so.4 and forwards to it.
#ifndef CCURL_H
#define CCURL_H

#ifndef CURL_DISABLE_TYPECHECK
#define CURL_DISABLE_TYPECHECK
#endif
#include <curl/curl.h>

/// The shape of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl if it is not loaded yet. Returns NULL when it is ready, or why it could not be
/// loaded (the text stays valid for the life of the process).
const char *ccurl_load(void);

/// Loads libcurl and runs its global set-up (`curl_global_init` with CURL_GLOBAL_DEFAULT), once
/// per process; a caller that comes while another runs it sleeps until it is done. Returns NULL
/// when libcurl is ready, or why it could not be loaded, like `ccurl_load`.
const char *ccurl_prepare(void);

/// Names the calling thread as `ps -L` and debuggers show it (the first 15 bytes).
void ccurl_name_thread(const char *name);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value);

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

#endif
