#ifndef PHOTOPAGER_HTTP_H
#define PHOTOPAGER_HTTP_H

#include <stddef.h>

/*
 * libcurl, loaded on first network use with dlopen("libcurl.so.4").
 *
 * Why not link it: libcurl pulls in ~30 libraries (OpenSSL, GnuTLS, Kerberos, LDAP...) that the
 * dynamic loader would map on every start, doubling the start time of a purely local run. And
 * curl_easy_setopt is variadic, which Swift cannot call, so the whole transfer is one C call here.
 */

/* Called during a transfer with the bytes received and the expected total (0 when unknown);
 * returning non-zero aborts the transfer (the person paged on). */
typedef int (*pp_http_progress_fn)(void *context, long long received, long long total);

typedef struct pp_http_request {
    const char *url;
    /* "GET" (or NULL), "POST", "PUT": a body is sent with any but GET. */
    const char *method;
    const unsigned char *body;
    long long body_length;
    /* "Name: value" lines. */
    const char *const *headers;
    int header_count;
    long connect_timeout_ms;
    /* The whole transfer; 0 = none. */
    long timeout_ms;
    /* A PEM file of certificate authorities to trust instead of the system's (a self-hosted
     * server's own CA); NULL: the system's. Verification is never turned off. */
    const char *ca_file;
    /* Follow redirects (images); API requests do not, so their key never travels on. */
    int follow_redirects;
    /* Bodies longer than this are refused (a hostile or broken server cannot exhaust memory). */
    long long max_body_bytes;
    pp_http_progress_fn progress;
    void *progress_context;
} pp_http_request;

typedef struct pp_http_response {
    long status;
    unsigned char *body;
    size_t body_length;
    /* The header lines of the final response (after redirects), CRLF separated. */
    char *headers;
    size_t headers_length;
    /* 0 on success, else libcurl's CURLcode; message holds its words. */
    int error_code;
    /* 1 when the progress callback aborted the transfer. */
    int cancelled;
    /* 1 when the transfer stopped at the time limit. */
    int timed_out;
    /* 1 when no connection could be made at all (unknown host, refused): offline, not slow. */
    int unreachable;
    char message[256];
} pp_http_response;

/* Loads libcurl once (thread-safe). 0 on success; otherwise message says why. */
int pp_http_load(char *message, size_t message_size);

/* A reusable transfer handle: keeping one per connection keeps its connection alive. */
void *pp_http_handle_create(void);
void pp_http_handle_destroy(void *handle);

/* Performs the request. Always fills response (free it with pp_http_response_free). Returns 0 when a
 * reply arrived (any status), non-zero otherwise. */
int pp_http_get(void *handle, const pp_http_request *request, pp_http_response *response);

void pp_http_response_free(pp_http_response *response);

/* The library's version text, e.g. "libcurl/7.88.1 OpenSSL/3.0.15 ...". */
const char *pp_http_version(void);

#endif
