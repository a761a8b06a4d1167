#ifndef PHOTOPAGER_LOADER_H
#define PHOTOPAGER_LOADER_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* One library loaded on first use: the handle, or why it could not be had. */
typedef struct pp_library {
    pthread_once_t once;
    void *handle;
    int loaded;
    char error[256];
} pp_library;

#define PP_LIBRARY_INIT {PTHREAD_ONCE_INIT, NULL, 0, {0}}

/* dlopen's the first of `names` that loads; `missing` says what to install otherwise. */
void pp_library_open(pp_library *library, const char *const *names, int count, const char *missing);

/* The symbol, or NULL with the library's error set (the first missing name). */
void *pp_library_symbol(pp_library *library, const char *name);

/* Copies the library's state into message; 0 when loaded. */
int pp_library_status(pp_library *library, char *message, size_t message_size);

/* A function of the library's C API, defined here with the library's own prototype (declared
 * by its header, so a mismatch does not compile) and forwarding to the loaded symbol. */
#define PP_FORWARD(ret, name, params, args) \
    static __typeof__(&name) real_##name; \
    ret name params { return real_##name args; }
#define PP_FORWARD_VOID(name, params, args) \
    static __typeof__(&name) real_##name; \
    void name params { real_##name args; }
#define PP_RESOLVE(library, name) (*(void **)&real_##name = pp_library_symbol(library, #name))

#endif
