#ifndef PHOTOPAGER_HEVC_H
#define PHOTOPAGER_HEVC_H

#include <libheif/heif_plugin.h>

/* libheif's libde265 plugin with a worker thread per core (hevc.c), or NULL when libde265
 * cannot be loaded (libheif then decodes with its own). Call after libheif is loaded. */
const struct heif_decoder_plugin *pp_hevc_plugin(void);

#endif
