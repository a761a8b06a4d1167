#include "photopager_malloc.h"

#include <malloc.h>

void photopager_tune_malloc(int arenas, int mmap_threshold) {
    mallopt(M_ARENA_MAX, arenas);
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
}
