#ifndef PHOTOPAGER_HEIF_H
#define PHOTOPAGER_HEIF_H

#include <stddef.h>
#include <stdint.h>

/*
 * libheif, loaded on the first HEIF photo with dlopen("libheif.so.1") (AVIF goes through libavif).
 *
 * Why not link it: Debian's libheif depends on libx265 (GPL-2+, for encoding, which we never
 * do), and a program linked against it would map GPL code on every start; it also maps a
 * dozen codec libraries a run without HEIF photos does not need. Without libheif installed,
 * HEIF photos say which package to install and everything else works.
 */

typedef struct pp_heif_image {
    /* After the file's own transformations (clap, irot, imir), which libheif applies. */
    int width, height;
    /* Bits per sample of `pixels`: 8, or 16 (little-endian, of which `significant_bits` carry
     * the value) for photos of more than 8 bits. */
    int sample_bits, significant_bits;
    int has_alpha;
    /* RGBA, rows of width * 4 samples, no padding. */
    unsigned char *pixels;
    /* The embedded ICC profile ('prof' or 'rICC'), if any. */
    unsigned char *icc;
    size_t icc_length;
    /* The 'nclx' colour description, if any (ITU-T H.273 code points). */
    int has_nclx, primaries, transfer, matrix, full_range;
    /* 1 when the image decoded is the file's own thumbnail (big enough for what was asked). */
    int from_thumbnail;
    char message[256];
} pp_heif_image;

/* Loads libheif once (thread-safe). 0 on success; otherwise message says why. */
int pp_heif_load(char *message, size_t message_size);

/* Decodes the primary image of a HEIF file in memory. When the primary image has a
 * thumbnail at least min_width x min_height (upright), that is decoded instead (0, 0: never).
 * Images wider or taller than max_side, or with more than max_pixels, are refused before any
 * pixel is decoded. parallel_hevc: HEVC through libde265 with a worker per core (hevc.c)
 * rather than libheif's one. Returns 0 on success; otherwise image->message says why. Always
 * free the result with pp_heif_image_free. */
int pp_heif_decode(const void *data, size_t size, int min_width, int min_height, int max_side,
                   long long max_pixels, int parallel_hevc, pp_heif_image *image);

void pp_heif_image_free(pp_heif_image *image);

#endif
