#ifndef PHOTOPAGER_MALLOC_H
#define PHOTOPAGER_MALLOC_H

/* glibc's mallopt, which Swift's Glibc module does not import: at most `arenas` malloc arenas,
 * and buffers of `mmap_threshold` bytes or more mapped (and unmapped when freed) with a fixed
 * threshold instead of glibc's sliding one. */
void photopager_tune_malloc(int arenas, int mmap_threshold);

#endif
