#ifndef PHOTOPAGER_TIFF_H
#define PHOTOPAGER_TIFF_H

#include <stddef.h>
#include <stdint.h>

/*
 * libtiff, loaded on the first TIFF photo with dlopen("libtiff.so.6").
 *
 * Why not link it: Debian's libtiff depends on libjbig (GPL-2+), which a program linked
 * against it would map on every start; with dlopen the binary links no GPL code, a run
 * without TIFFs maps none of it, and without libtiff installed a TIFF says what to install.
 */

typedef struct pp_tiff_image {
    /* As stored: the Orientation tag is the caller's to apply. */
    int width, height;
    int orientation;
    /* R, G, B, A bytes per pixel, alpha premultiplied (as libtiff's RGBA reader gives it), or
     * R, G, B when channels is 3 (8-bit RGB or grey without alpha, read strip by strip). */
    unsigned char *pixels;
    int channels;
    /* The RGB went into the caller's buffer instead (pixels is then NULL). */
    int in_caller_buffer;
    /* The ICC profile (tag 34675), if any, and whether the pixels were CMYK before libtiff's
     * own conversion to RGB. */
    unsigned char *icc;
    size_t icc_length;
    int photometric;
    char message[256];
} pp_tiff_image;

/* Loads libtiff once (thread-safe). 0 on success; otherwise message says why. */
int pp_tiff_load(char *message, size_t message_size);

/* Decodes the first page of a TIFF in memory, refusing more than max_pixels before any
 * strip is read and any single allocation over max_alloc bytes. An image read straight into
 * RGB goes into `rgb` when that holds exactly its pixels (the caller knows the size from the
 * header: no second copy of 12 MB for a 4 MP scan). 0 on success; otherwise image->message
 * says why. Always free the result with pp_tiff_image_free. */
int pp_tiff_decode(const void *data, size_t size, long long max_pixels, long long max_alloc, unsigned char *rgb,
                   size_t rgb_size, pp_tiff_image *image);

void pp_tiff_image_free(pp_tiff_image *image);

#endif
