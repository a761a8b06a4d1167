#include "photopager_exif_arena.h"

#include <libexif/exif-mem.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* One header's memory. libexif allocates every entry and value of a header on its own, and
 * at 100,000 photos that was a quarter of `photopager list`'s time inside malloc; here they
 * come from a block kept per thread, emptied before each parse and never freed piece by piece
 * (what does not fit, such as a big EXIF thumbnail's copy, is calloc'd and freed as usual;
 * libexif takes at most 64 kB of EXIF). Each allocation carries its size before it, for
 * realloc. The block is freed when its thread ends. */
typedef struct { unsigned char *base; size_t used; size_t size; } photopager_exif_arena_t;
static __thread photopager_exif_arena_t photopager_exif_arena;
static pthread_key_t photopager_exif_arena_key;
static pthread_once_t photopager_exif_arena_once = PTHREAD_ONCE_INIT;
enum { PHOTOPAGER_EXIF_ARENA_SIZE = 64 * 1024, PHOTOPAGER_EXIF_ARENA_HEADER = 16 };

static void photopager_exif_arena_release(void *base) { free(base); }
static void photopager_exif_arena_make_key(void) {
    pthread_key_create(&photopager_exif_arena_key, photopager_exif_arena_release);
}

static int photopager_exif_arena_owns(void *p) {
    unsigned char *at = (unsigned char *)p;
    return photopager_exif_arena.base && at >= photopager_exif_arena.base
        && at < photopager_exif_arena.base + photopager_exif_arena.size;
}

static void *photopager_exif_arena_alloc(ExifLong size) {
    size_t need = ((size_t)size + PHOTOPAGER_EXIF_ARENA_HEADER + 15) & ~(size_t)15;
    unsigned char *block;
    if (photopager_exif_arena.base && photopager_exif_arena.used + need <= photopager_exif_arena.size) {
        block = photopager_exif_arena.base + photopager_exif_arena.used;
        photopager_exif_arena.used += need;
        memset(block, 0, need);
    } else if (!(block = calloc(1, need))) {
        return NULL;
    }
    size_t stored = size;
    memcpy(block, &stored, sizeof stored);
    return block + PHOTOPAGER_EXIF_ARENA_HEADER;
}

static void photopager_exif_arena_free(void *p) {
    if (p && !photopager_exif_arena_owns(p)) free((unsigned char *)p - PHOTOPAGER_EXIF_ARENA_HEADER);
}

static void *photopager_exif_arena_realloc(void *p, ExifLong size) {
    if (!p) return photopager_exif_arena_alloc(size);
    size_t old;
    memcpy(&old, (unsigned char *)p - PHOTOPAGER_EXIF_ARENA_HEADER, sizeof old);
    void *moved = photopager_exif_arena_alloc(size);
    if (!moved) return NULL;
    memcpy(moved, p, old < size ? old : size);
    photopager_exif_arena_free(p);
    return moved;
}

/* An ExifMem on this thread's block, emptied: nothing a parse before made may be in use. */
void *photopager_exif_arena_mem(void) {
    if (!photopager_exif_arena.base) {
        pthread_once(&photopager_exif_arena_once, photopager_exif_arena_make_key);
        photopager_exif_arena.base = malloc(PHOTOPAGER_EXIF_ARENA_SIZE);
        if (photopager_exif_arena.base) {
            photopager_exif_arena.size = PHOTOPAGER_EXIF_ARENA_SIZE;
            pthread_setspecific(photopager_exif_arena_key, photopager_exif_arena.base);
        }
    }
    photopager_exif_arena.used = 0;
    return exif_mem_new(photopager_exif_arena_alloc, photopager_exif_arena_realloc, photopager_exif_arena_free);
}
