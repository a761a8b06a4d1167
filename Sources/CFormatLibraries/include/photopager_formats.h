#ifndef PHOTOPAGER_FORMATS_H
#define PHOTOPAGER_FORMATS_H

#include <stddef.h>

#include "photopager_heif.h"
#include "photopager_tiff.h"

/*
 * The format libraries, each loaded with dlopen on the first photo that needs it, so a run maps
 * only the codecs of the photos it shows: libavif alone brings dav1d, aom, rav1e, SVT-AV1, gav1
 * and abseil (some twenty libraries), libjxl brotli, highway and libstdc++, libraw OpenMP; a
 * one-shot render of a JPEG maps none of them. libheif and libtiff must not be linked at all
 * (they pull in GPL libraries), see their headers.
 *
 * libavif, libjxl and libraw are called through their own C API, unchanged: this target
 * defines each function the decoders use with the library's own prototype (so the compiler
 * holds them to the headers), forwarding to the symbol dlsym found. Call pp_X_load first: the
 * forwarders assume the library is there.
 */

/* 0 when the library is loaded (thread-safe, once); otherwise message says what to install. */
int pp_avif_load(char *message, size_t message_size);
int pp_jxl_load(char *message, size_t message_size);
int pp_raw_load(char *message, size_t message_size);

#endif
