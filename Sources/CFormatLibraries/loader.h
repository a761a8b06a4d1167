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
/* A function of a library that another loaded library calls too (libde265, under libheif): only
 * a pointer of our own, real_NAME, called as such. A definition under the library's name would
 * be exported by the binary and bound in place of the real one by that other library, before
 * our loader has run (libheif calls de265_init while it is being loaded). */
#define PP_POINTER(ret, name, params, args) static __typeof__(&name) real_##name;
#define PP_POINTER_VOID(name, params, args) static __typeof__(&name) real_##name;
#define PP_RESOLVE(library, name) (*(void **)&real_##name = pp_library_symbol(library, #name))

/* Each file lists its functions once, as X(ret, name, params, args) and V(name, params, args)
 * for those returning void; these expand a list into the forwarders, or into their lookups
 * in the file's `library`. */
#define PP_LOOKUP(ret, name, params, args) PP_RESOLVE(&library, name);
#define PP_LOOKUP_VOID(name, params, args) PP_RESOLVE(&library, name);

/* `int LOAD_FUNCTION(char *message, size_t size)` for a format of one library: loads it once
 * (the first of the sonames given that opens), looks up every function of `list`, and says
 * `missing` when it is not installed. */
#define PP_DEFINE_LOADER(load_function, list, missing, ...) \
    static void load(void) { \
        const char *names[] = {__VA_ARGS__}; \
        pp_library_open(&library, names, (int)(sizeof names / sizeof *names), missing); \
        list(PP_LOOKUP, PP_LOOKUP_VOID) \
        library.loaded = library.handle && !library.error[0]; \
    } \
    int load_function(char *message, size_t message_size) { \
        pthread_once(&library.once, load); \
        return pp_library_status(&library, message, message_size); \
    }

#endif
