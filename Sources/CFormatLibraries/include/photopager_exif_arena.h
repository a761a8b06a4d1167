#ifndef PHOTOPAGER_EXIF_ARENA_H
#define PHOTOPAGER_EXIF_ARENA_H

/* An ExifMem (returned as void *: this module does not import libexif's headers) whose
 * allocations come from a block kept per thread, emptied by this call: what a parse made with
 * the last one must no longer be in use (exif_arena.c says why). */
void *photopager_exif_arena_mem(void);

#endif
