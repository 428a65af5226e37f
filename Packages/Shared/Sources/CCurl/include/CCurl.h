// A thin shim over libcurl for Swift: curl_easy_setopt and curl_easy_getinfo are variadic, which
// Swift cannot call, so each argument type gets a typed wrapper. Nothing else lives here.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

/// The shape of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

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
