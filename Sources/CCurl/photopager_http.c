#include "photopager_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Only curl.h's types and constants are used: every function comes through dlsym. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    char *(*version)(void);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int loaded;

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !load_error[0]) snprintf(load_error, sizeof load_error, "libcurl lacks %s", name);
    return found;
}

static void load(void) {
    /* Debian's OpenSSL build first; the GnuTLS build has the same API. */
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !library; i++)
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libcurl is not installed (libcurl.so.4: %s); install the libcurl4 package", dlerror());
        return;
    }
    *(void **)&api.global_init = symbol(library, "curl_global_init");
    *(void **)&api.easy_init = symbol(library, "curl_easy_init");
    *(void **)&api.easy_cleanup = symbol(library, "curl_easy_cleanup");
    *(void **)&api.easy_reset = symbol(library, "curl_easy_reset");
    *(void **)&api.easy_setopt = symbol(library, "curl_easy_setopt");
    *(void **)&api.easy_perform = symbol(library, "curl_easy_perform");
    *(void **)&api.easy_getinfo = symbol(library, "curl_easy_getinfo");
    *(void **)&api.easy_strerror = symbol(library, "curl_easy_strerror");
    *(void **)&api.slist_append = symbol(library, "curl_slist_append");
    *(void **)&api.slist_free_all = symbol(library, "curl_slist_free_all");
    *(void **)&api.version = symbol(library, "curl_version");
    if (load_error[0]) return;
    /* Once, before any thread makes a handle: curl_global_init is not thread-safe. */
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl failed to initialise");
        return;
    }
    loaded = 1;
}

int pp_http_load(char *message, size_t message_size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (message && message_size) snprintf(message, message_size, "%s", load_error);
    return -1;
}

void *pp_http_handle_create(void) {
    if (pp_http_load(NULL, 0) != 0) return NULL;
    return api.easy_init();
}

void pp_http_handle_destroy(void *handle) {
    if (handle && loaded) api.easy_cleanup(handle);
}

const char *pp_http_version(void) {
    return pp_http_load(NULL, 0) == 0 ? api.version() : "libcurl not loaded";
}

typedef struct buffer {
    unsigned char *bytes;
    size_t length, capacity;
    long long limit;
    int over_limit;
} buffer;

static int append(buffer *b, const void *data, size_t length) {
    if (b->limit > 0 && (long long)(b->length + length) > b->limit) {
        b->over_limit = 1;
        return 0;
    }
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 16384;
        while (capacity < b->length + length + 1) capacity *= 2;
        unsigned char *grown = realloc(b->bytes, capacity);
        if (!grown) return 0;
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
    b->bytes[b->length] = 0;
    return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    return append(context, data, size * count) ? size * count : 0;
}

/* Keeps only the final response's header block: a redirect or "100 Continue" starts over. */
static size_t on_header(char *data, size_t size, size_t count, void *context) {
    buffer *b = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) b->length = 0;
    return append(b, data, length) ? length : 0;
}

typedef struct progress_context {
    const pp_http_request *request;
    int cancelled;
} progress_context;

static int on_progress(void *context, curl_off_t total, curl_off_t received, curl_off_t ut, curl_off_t un) {
    (void)ut;
    (void)un;
    progress_context *p = context;
    if (p->request->progress && p->request->progress(p->request->progress_context, received, total)) {
        p->cancelled = 1;
        return 1;
    }
    return 0;
}

int pp_http_get(void *handle, const pp_http_request *request, pp_http_response *response) {
    memset(response, 0, sizeof *response);
    if (pp_http_load(response->message, sizeof response->message) != 0 || !handle) {
        response->error_code = -1;
        if (!response->message[0]) snprintf(response->message, sizeof response->message, "no transfer handle");
        return -1;
    }
    CURL *curl = handle;
    /* Reset keeps the handle's connection cache, so the next request to the host reuses it. */
    api.easy_reset(curl);
    struct curl_slist *headers = NULL;
    for (int i = 0; i < request->header_count; i++) headers = api.slist_append(headers, request->headers[i]);
    buffer body = {.limit = request->max_body_bytes};
    buffer head = {.limit = 1 << 20};
    progress_context progress = {.request = request};
    char error[CURL_ERROR_SIZE] = {0};

    int sends_body = request->method && strcmp(request->method, "GET") != 0;
    /* No "Expect: 100-continue" round trip before a body: the server answers at once. */
    if (sends_body) headers = api.slist_append(headers, "Expect:");
    api.easy_setopt(curl, CURLOPT_URL, request->url);
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (sends_body) {
        /* A body makes it a POST; another method keeps the body under its own name. */
        api.easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        api.easy_setopt(curl, CURLOPT_POSTFIELDS, request->body ? (const char *)request->body : "");
        if (strcmp(request->method, "POST") != 0) api.easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request->method);
    }
    /* Only http(s), also after redirects; the _STR options need libcurl 7.85, older ones take the
     * bit masks. */
    if (api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK)
        api.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK)
        api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (request->ca_file) api.easy_setopt(curl, CURLOPT_CAINFO, request->ca_file);
    api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, request->follow_redirects ? 1L : 0L);
    api.easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    /* "" = every encoding this libcurl can decode (gzip, deflate, br...), decoded for us. */
    api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    api.easy_setopt(curl, CURLOPT_USERAGENT, "photopager/0.1");
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    if (request->max_body_bytes > 0)
        api.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.easy_setopt(curl, CURLOPT_HEADERDATA, &head);
    api.easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    api.easy_setopt(curl, CURLOPT_XFERINFODATA, &progress);
    api.easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, error);

    CURLcode code = api.easy_perform(curl);
    api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
    /* The handle outlives this call in the pool; it must keep no pointer into this frame. */
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    api.easy_setopt(curl, CURLOPT_POSTFIELDS, NULL);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, NULL);
    api.easy_setopt(curl, CURLOPT_HEADERDATA, NULL);
    api.easy_setopt(curl, CURLOPT_NOPROGRESS, 1L);
    api.easy_setopt(curl, CURLOPT_XFERINFODATA, NULL);
    api.slist_free_all(headers);

    response->body = body.bytes;
    response->body_length = body.length;
    response->headers = (char *)head.bytes;
    response->headers_length = head.length;
    response->cancelled = progress.cancelled;
    response->timed_out = code == CURLE_OPERATION_TIMEDOUT;
    response->unreachable = code == CURLE_COULDNT_RESOLVE_PROXY || code == CURLE_COULDNT_RESOLVE_HOST
        || code == CURLE_COULDNT_CONNECT;
    if (code != CURLE_OK) {
        response->error_code = code;
        if (body.over_limit || code == CURLE_FILESIZE_EXCEEDED)
            snprintf(response->message, sizeof response->message, "reply larger than %lld bytes",
                     request->max_body_bytes);
        else
            snprintf(response->message, sizeof response->message, "%s",
                     error[0] ? error : api.easy_strerror(code));
        return -1;
    }
    return 0;
}

void pp_http_response_free(pp_http_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
}
